/** Every leaf of a nested text object by its dotted key (`menu.home` → '首页'), for comparing languages. */
export function leaves(obj: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}
