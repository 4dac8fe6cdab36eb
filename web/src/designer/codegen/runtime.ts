// Helper code copied into a generated file when its fields need it (each block compiles on its own with the
// imports emit.ts adds). Kept as source text: the generated file depends on antd, react and dayjs only.

export const OPTION_TYPE = `type Option = { label: string; value: string | number; disabled?: boolean; children?: Option[] };`;

/** Dynamic options (SPEC.md §7 "Designer dynamic options"): the configured method and URL, read at the data path. */
export const REMOTE_OPTIONS = `
interface OptionsRequest {
  url: string;
  method: "get" | "post" | "put" | "delete";
  dataPath: string;
  labelField: string;
  valueField: string;
  childrenField: string;
  /** rows of a table become a tree by this column */
  parentField?: string;
}

function readPath(body: unknown, path: string): unknown {
  return path
    .split(".")
    .filter(Boolean)
    .reduce<unknown>((at, key) => (at !== null && typeof at === "object" && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined), body);
}

function optionsOf(list: unknown, request: OptionsRequest): Option[] {
  if (!Array.isArray(list)) return [];
  const rows = list.filter((row): row is Record<string, unknown> => row !== null && typeof row === "object");
  const toOption = (row: Record<string, unknown>): Option => {
    const children = row[request.childrenField];
    const option: Option = { label: String(row[request.labelField] ?? ""), value: row[request.valueField] as string | number };
    if (Array.isArray(children) && children.length > 0) option.children = optionsOf(children, request);
    return option;
  };
  if (!request.parentField) return rows.map(toOption);
  const parent = request.parentField;
  const byParent = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = String(row[parent] ?? 0);
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const ids = new Set(rows.map((row) => String(row[request.valueField])));
  const build = (row: Record<string, unknown>, seen: Set<string>): Option => {
    const id = String(row[request.valueField]);
    const kids = seen.has(id) ? [] : (byParent.get(id) ?? []);
    const option: Option = { label: String(row[request.labelField] ?? ""), value: row[request.valueField] as string | number };
    if (kids.length > 0) option.children = kids.map((kid) => build(kid, new Set([...seen, id])));
    return option;
  };
  return rows.filter((row) => !ids.has(String(row[parent] ?? 0))).map((row) => build(row, new Set()));
}

/** Options from this server; null asks for none (a dependent dropdown whose field is still empty). */
function useRemoteOptions(request: OptionsRequest | null): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const key = request ? JSON.stringify(request) : "";
  useEffect(() => {
    if (!request) {
      setOptions([]);
      return;
    }
    let live = true;
    const token = localStorage.getItem("qb.token");
    fetch(request.url, { method: request.method.toUpperCase(), headers: token ? { Authorization: token } : {} })
      .then((response) => response.json())
      .then((body: unknown) => {
        if (live) setOptions(optionsOf(readPath(body, request.dataPath), request));
      })
      .catch(() => {
        if (live) setOptions([]);
      });
    return () => {
      live = false;
    };
  }, [key]);
  return options;
}
`;

/** A dependent dropdown waits for its field's value (a cascader's path: its last element). */
export const LAST_OF = `
function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}
`;

/** A cascader whose value is the chosen option itself (emitPath false) shows the path to it. */
export const FIND_PATH = `
function pathTo(options: Option[], value: unknown): (string | number)[] | undefined {
  for (const option of options) {
    if (String(option.value) === String(value)) return [option.value];
    const below = option.children ? pathTo(option.children, value) : undefined;
    if (below) return [option.value, ...below];
  }
  return undefined;
}
`;

/** Date and time values stay text in their format (as the server stores them); the pickers get dayjs values. */
export const DATE_PROPS = `
function dateItemProps(format: string, week = false) {
  return {
    getValueProps: (value: unknown) => ({ value: typeof value === "string" && value ? dayjs(value, format) : undefined }),
    normalize: (value: Dayjs | null) => (value ? (week ? value.startOf("week") : value).format(format) : undefined),
  };
}
`;

export const RANGE_PROPS = `
function rangeItemProps(format: string) {
  return {
    getValueProps: (value: unknown) => ({
      value: Array.isArray(value) && value.length === 2 ? [dayjs(String(value[0]), format), dayjs(String(value[1]), format)] : undefined,
    }),
    normalize: (value: [Dayjs | null, Dayjs | null] | null) => (value ? value.map((day) => (day ? day.format(format) : "")) : undefined),
  };
}
`;

/** SPEC.md §5 "Generated upload checks": size under the limit, type among the accepted ones. */
export const UPLOAD_CHECKS = `
function fileListOf(event: unknown): UploadFile[] {
  if (Array.isArray(event)) return event as UploadFile[];
  return (event as { fileList?: UploadFile[] } | undefined)?.fileList ?? [];
}

function checkUpload(file: File, extensions: string[], maxBytes: number, typeMessage: string, sizeMessage: string): boolean | string {
  const extension = file.name.includes(".") ? file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase() : "";
  if (extensions.length > 0 && !extensions.includes(extension)) {
    message.error(typeMessage);
    return Upload.LIST_IGNORE;
  }
  if (maxBytes > 0 && !(file.size < maxBytes)) {
    message.error(sizeMessage);
    return Upload.LIST_IGNORE;
  }
  return true;
}

function uploadHeaders(): Record<string, string> {
  const token = localStorage.getItem("qb.token");
  return token ? { Authorization: token } : {};
}
`;

/**
 * 自动上传 off: the files picked into those uploads (PENDING_UPLOADS) are sent when the form is submitted, each to its
 * route in its multipart field; the values then hold the uploaded files (status done, url = the served path).
 * Undefined, after a message, when one could not be sent.
 */
export const PENDING_UPLOADS = `
async function sendFile(file: UploadFile, action: string, field: string): Promise<UploadFile> {
  if (!file.originFileObj || file.status === "done") return file;
  const body = new FormData();
  body.append(field, file.originFileObj);
  const answer = await fetch(action, { method: "POST", headers: uploadHeaders(), body });
  const json = (await answer.json().catch(() => ({}))) as { status?: unknown; message?: string; data?: { path?: string } };
  if (!answer.ok || !json.status || !json.data?.path) throw new Error(json.message || answer.statusText);
  return { ...file, status: "done", url: json.data.path, response: json };
}

async function sendPendingUploads(values: FormValues): Promise<FormValues | undefined> {
  const sent: Record<string, unknown> = { ...values };
  try {
    for (const { name, action, field } of PENDING_UPLOADS) {
      const files = sent[name];
      if (Array.isArray(files)) sent[name] = await Promise.all(files.map((file: UploadFile) => sendFile(file, action, field)));
    }
  } catch (error) {
    message.error(error instanceof Error && error.message ? error.message : {{uploadFailed}});
    return undefined;
  }
  return sent as FormValues;
}
`;

/**
 * Field linkage (docs/forms.md "Linkage"), the same evaluation as the preview: show rules hide a field unless one
 * holds, any hide rule that holds hides it, require and disable while they hold; a hidden field counts as empty in
 * the conditions of others, a row passes its state to its children.
 */
export const LINKAGE = `
type Condition = { field: string; op: "filled" | "empty" | "equals" | "in"; value?: unknown };
interface LinkedItem {
  name: ItemName;
  parent?: ItemName;
  required: boolean;
  disabled: boolean;
  linkage: { when: Condition; then: "show" | "hide" | "require" | "disable" }[];
}
interface FieldState {
  visible: boolean;
  required: boolean;
  disabled: boolean;
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number") return !Number.isNaN(value);
  if (Array.isArray(value)) return value.some(isFilled);
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a !== null && a !== undefined && String(a) === String(b);
}

function conditionHolds(when: Condition, value: unknown): boolean {
  const list = Array.isArray(value) ? value : [value];
  switch (when.op) {
    case "filled":
      return isFilled(value);
    case "empty":
      return !isFilled(value);
    case "equals":
      return list.some((item) => sameValue(item, when.value));
    default:
      return (Array.isArray(when.value) ? when.value : [when.value]).some((target) => list.some((item) => sameValue(item, target)));
  }
}

function fieldStates(values: Record<string, unknown>): Record<ItemName, FieldState> {
  let hidden = new Set<string>();
  let states = {} as Record<ItemName, FieldState>;
  for (let pass = 0; pass <= LINKED_ITEMS.length; pass++) {
    const nowHidden = new Set<string>();
    states = {} as Record<ItemName, FieldState>;
    for (const item of LINKED_ITEMS) {
      const parent = item.parent ? states[item.parent] : undefined;
      const holds = (rule: LinkedItem["linkage"][number]) =>
        conditionHolds(rule.when, hidden.has(rule.when.field) ? undefined : values[rule.when.field]);
      const shows = item.linkage.filter((rule) => rule.then === "show");
      const visible =
        (parent?.visible ?? true) &&
        (shows.length === 0 || shows.some(holds)) &&
        !item.linkage.some((rule) => rule.then === "hide" && holds(rule));
      const required = item.required || item.linkage.some((rule) => rule.then === "require" && holds(rule));
      const disabled = item.disabled || (parent?.disabled ?? false) || item.linkage.some((rule) => rule.then === "disable" && holds(rule));
      states[item.name] = { visible, required, disabled };
      if (!visible) nowHidden.add(item.name);
    }
    const settled = nowHidden.size === hidden.size && [...nowHidden].every((name) => hidden.has(name));
    hidden = nowHidden;
    if (settled) break;
  }
  return states;
}
`;

/** A rich-text editor (tiptap, as the app's own) holding HTML for a Form.Item: value / onChange / id. */
export const RICH_TEXT = `
function RichTextEditor({ value, onChange, id, height = 300, disabled }: { value?: string; onChange?: (html: string) => void; id?: string; height?: number; disabled?: boolean }) {
  const html = typeof value === "string" ? value : "";
  const editor = useEditor({
    extensions: [StarterKit],
    content: html,
    editable: !disabled,
    editorProps: { attributes: id ? { id } : {} },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? "" : e.getHTML()),
  });
  useEffect(() => {
    if (editor && html !== (editor.isEmpty ? "" : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  return (
    <div style={{ border: "1px solid #d9d9d9", borderRadius: 6, padding: "4px 11px", height, overflow: "auto" }}>
      <EditorContent editor={editor} />
    </div>
  );
}`;
