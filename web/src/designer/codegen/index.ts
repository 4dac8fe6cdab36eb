import type { FormSchema } from '@qb/contracts';
import type { CodegenOptions } from './emit.ts';

export type { CodegenOptions } from './emit.ts';

/**
 * A React + TypeScript page (default-exported component) or dialog (`open`, `onClose`, `onSubmit`) file using
 * antd 6 for a form schema, formatted by prettier (2 spaces, width 110; SPEC.md §9). The emitter and prettier
 * are loaded on the first call, so neither is in any other chunk (docs/forms.md "Generated code").
 */
export async function generateFormCode(schema: FormSchema, options: CodegenOptions): Promise<string> {
  const [{ generateFormSource }, prettier, typescript, estree] = await Promise.all([
    import('./emit.ts'),
    import('prettier/standalone'),
    import('prettier/plugins/typescript'),
    import('prettier/plugins/estree'),
  ]);
  const source = generateFormSource(schema, options);
  return prettier.format(source, {
    parser: 'typescript',
    plugins: [typescript.default ?? typescript, estree.default ?? estree],
    tabWidth: 2,
    printWidth: 110,
  });
}
