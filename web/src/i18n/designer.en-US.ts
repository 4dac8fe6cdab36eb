import type designerZhCN from './designer.zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of the form designer: the same keys as designer.zh-CN.ts. */
const designerEnUS: Texts<typeof designerZhCN> = {
  designer: {
    dialogTitle: 'Form design',
    groups: { input: 'Input components', select: 'Select components', layout: 'Layout components' },
    kinds: {
      text: 'Single-line text', textarea: 'Textarea', password: 'Password', number: 'Number', richText: 'Rich text',
      select: 'Select', cascader: 'Cascader', radio: 'Radio group', checkbox: 'Checkbox group', switch: 'Switch', slider: 'Slider',
      time: 'Time', timeRange: 'Time range', date: 'Date', dateRange: 'Date range', rate: 'Rate', color: 'Colour', upload: 'Upload',
      row: 'Row container', button: 'Button', table: 'Table',
    },
    defaults: { option1: 'Option 1', option2: 'Option 2', child1: 'Option 1-1', button: 'Primary button', upload: 'Click to upload', column: 'Column 1' },
    empty: 'Drag or click components from the left to design the form',
    canvasLabel: 'Form canvas',
    paletteLabel: 'Components',
    rowEmpty: 'Drag components into this row',
    actions: {
      run: 'Run', json: 'View JSON', generate: 'Generate page file', copyCode: 'Copy code', clear: 'Clear',
      undo: 'Undo', redo: 'Redo', copy: 'Copy', delete: 'Delete', refresh: 'Refresh', moveUp: 'Move up', moveDown: 'Move down',
    },
    toolbar: 'Actions',
    invalidSchema: 'The form has problems, please correct them: ',
    keyboardHint: 'Enter adds a component; Alt+arrows move, Delete removes, Ctrl+Z undoes, Ctrl+Shift+Z redoes',
    tabs: { field: 'Component properties', form: 'Form properties' },
    confirmClear: 'Remove all components?',
    copied: 'The code is on the clipboard, ready to paste.',
    copyFailed: 'Could not copy the code',
    jsonError: 'Invalid JSON, please check',
    jsonApplied: 'Applied',
    jsonTitle: 'Form JSON',
    previewTitle: 'Form preview',
    previewSubmitted: 'Validation passed',
    validate: 'Validate',
    jsonProblems: 'The JSON is not a form schema: ',
    dialogProblems: 'The given form could not be read; the canvas starts empty: ',
    generateFailed: 'Could not generate the code',
    storageDropped: 'The saved designer data could not be read and was dropped',
    storageMigrated: 'The saved designer data of an older version was upgraded',
    gen: {
      title: 'Choose what to generate', type: 'Type', page: 'Page', dialog: 'Dialog', fileName: 'File name',
      typeRequired: 'Choose a type', fileNameRequired: 'Please enter a file name',
    },
    option: {
      title: 'Add option', label: 'Option label', value: 'Option value', labelRequired: 'Please enter the option label',
      valueRequired: 'Please enter the option value', add: 'Add option', addChild: 'Add child option', static: 'Static',
      dynamic: 'Dynamic', url: 'URL', method: 'Method', dataPath: 'Data path', labelField: 'Label key', valueField: 'Value key',
      childrenField: 'Children key', duplicate: 'This option value is already used',
    },
    icon: { title: 'Choose an icon', search: 'Search icons', none: 'None' },
    props: {
      kind: 'Component type', name: 'Field name', label: 'Label', labelEn: 'English', placeholder: 'Placeholder', labelWidth: 'Label width',
      showLabel: 'Show label', span: 'Grid span', defaultValue: 'Default value', required: 'Required', requiredMessage: 'Required message',
      regList: 'Patterns', pattern: 'Regular expression', patternMessage: 'Message', addRule: 'Add pattern', clearable: 'Clearable',
      readonly: 'Read-only', disabled: 'Disabled', multiple: 'Multiple', filterable: 'Searchable', maxLength: 'Max length',
      minLength: 'Min length', showCount: 'Show count', prepend: 'Prefix', append: 'Suffix', rows: 'Rows', min: 'Minimum', max: 'Maximum',
      step: 'Step', precision: 'Precision', height: 'Height', options: 'Options', button: 'Button style', border: 'Bordered',
      changeOnSelect: 'Any level', emitPath: 'Full path', activeValue: 'On value', inactiveValue: 'Off value', activeText: 'On text',
      inactiveText: 'Off text', range: 'Range', showStops: 'Show stops', format: 'Format', dateType: 'Picker type',
      startPlaceholder: 'Start placeholder', endPlaceholder: 'End placeholder', count: 'Stars', allowHalf: 'Half stars', showText: 'Show text',
      showScore: 'Show score', colorFormat: 'Colour format', listType: 'List type', limit: 'Max files', buttonText: 'Button text',
      showTip: 'Show tip', accept: 'File types', fileSize: 'File size', gutter: 'Gutter', justify: 'Justify', align: 'Align',
      prefixIcon: 'Prefix icon', suffixIcon: 'Suffix icon', iconOf: '{{label}}: {{name}}',
      text: 'Button text', buttonType: 'Button type', action: 'Action', columns: 'Columns', columnName: 'Column field', addColumn: 'Add column',
      icon: 'Icon', none: 'None', submit: 'Submit', reset: 'Reset',
      nameInvalid: 'A field name starts with a letter, _ or $ and holds letters, digits, _ and $ only (at most 64)', nameTaken: 'This field name is already used',
    },
    form: {
      size: 'Size', labelPosition: 'Label position', labelWidth: 'Label width', gutter: 'Gutter', disabled: 'Disabled',
      buttons: 'Form buttons', span: 'Default span', large: 'Large', middle: 'Medium', small: 'Small', left: 'Left', right: 'Right', top: 'Top',
    },
    acceptNames: { image: 'Images', video: 'Videos', audio: 'Audio', excel: 'Excel', word: 'Word', pdf: 'PDF', txt: 'Text' },
    dateTypes: { date: 'Date', week: 'Week', month: 'Month', year: 'Year', datetime: 'Date and time' },
    noActive: 'Select a component on the canvas',
  },
};

export default designerEnUS;
