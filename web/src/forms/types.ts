/** A row of a table as the API answers it. */
export type Row = Record<string, unknown> & { id?: number | string };

/** Options read from another table (or this one): select lists, cascader trees, reference names in the table. */
export interface TableOptions {
  flag: string;
  /** column shown as the label; default name */
  labelField?: string;
  /** order of the options, e.g. sortNum */
  sort?: string;
  /** build a cascader tree from this parent column (0 is the root) */
  treeParent?: string;
  /** dependent dropdown: the options are the rows whose `whereField` equals the value of form field `field` */
  dependsOn?: { field: string; whereField: string };
}

/** What the dialog hands a code-level field input (the form item's value, onChange and control id). */
export interface FormFieldProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}
