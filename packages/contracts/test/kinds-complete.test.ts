import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A kind is complete by type (issue 32): a kind file of packages/contracts/src/forms/kinds/ adds itself to
// FormKindDescriptors, so one not listed in FORM_KIND_DESCRIPTORS fails the type check on forms/kinds/index.ts. Proved
// by compiling the kinds with a fixture kind file, `fixtureKind`, that nothing lists (held in memory, never written). The web side's
// check (a kind without its input, design or code file) is proved by web/test/forms-kinds-web.logic.test.ts's typed
// lines, which npm run typecheck compiles.

const kinds = fileURLToPath(new URL('../src/forms/kinds/', import.meta.url));
const fixture = `${kinds}fixtureKind.ts`;
const FIXTURE = `import type { FormValueBase, ValueKindDescriptor } from './descriptor.ts';
export interface FormFixtureKindField extends FormValueBase { kind: 'fixtureKind' }
export declare const fixtureKind: ValueKindDescriptor<FormFixtureKindField>;
declare module './descriptor.ts' {
  interface FormKindDescriptors {
    fixtureKind: typeof fixtureKind;
  }
}
`;

function diagnostics(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  // the kinds need no Node types: leaving them out halves the time
  const options = { ...config.options, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === fixture ? ts.createSourceFile(name, FIXTURE, lang) : read(name, lang, ...rest));
  host.fileExists = (name) => name === fixture || exists(name);
  const program = ts.createProgram([`${kinds}index.ts`, fixture], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName.slice(kinds.length) ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('a field kind is complete by type', () => {
  it('fails the type check on kinds/index.ts when a kind file is not listed there', () => {
    const found = diagnostics();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^index\.ts: Property 'fixtureKind' is missing in type .* but required in type 'FormKindDescriptors'/);
  }, 60_000);
});
