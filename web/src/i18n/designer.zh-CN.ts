/**
 * Simplified Chinese texts of the form designer (web/src/designer). They load with the designer's own chunk
 * (i18n/designer.ts), not with the shell. SPEC.md's texts are kept verbatim.
 */
const designerZhCN = {
  designer: {
    dialogTitle: '表单设计',
    groups: { input: '输入型组件', select: '选择型组件', layout: '布局型组件' },
    kinds: {
      text: '单行文本', textarea: '多行文本', password: '密码', number: '计数器', richText: '编辑器',
      select: '下拉选择', cascader: '级联选择', radio: '单选框组', checkbox: '多选框组', switch: '开关', slider: '滑块',
      time: '时间选择', timeRange: '时间范围', date: '日期选择', dateRange: '日期范围', rate: '评分', color: '颜色选择', upload: '上传',
      row: '行容器', button: '按钮', table: '表格',
    },
    defaults: { option1: '选项一', option2: '选项二', child1: '选项1-1', button: '主要按钮', upload: '点击上传', column: '列一' },
    empty: '从左侧拖入或点选组件进行表单设计',
    canvasLabel: '表单画布',
    paletteLabel: '组件列表',
    rowEmpty: '将组件拖入此行容器',
    actions: {
      run: '运行', json: '查看json', generate: '生成页面文件', copyCode: '复制代码', clear: '清空',
      undo: '撤销', redo: '重做', copy: '复制', delete: '删除', refresh: '刷新', moveUp: '上移', moveDown: '下移',
    },
    toolbar: '操作栏',
    invalidSchema: '表单有误，请修改后重试：',
    keyboardHint: '回车添加组件；Alt+方向键移动，Delete 删除，Ctrl+Z 撤销，Ctrl+Shift+Z 重做',
    tabs: { field: '组件属性', form: '表单属性' },
    confirmClear: '确定要清空所有组件吗？',
    copied: '代码已复制到剪切板，可粘贴。',
    copyFailed: '代码复制失败',
    jsonError: 'JSON格式错误，请检查',
    jsonApplied: '已应用',
    jsonTitle: '表单JSON',
    previewTitle: '表单预览',
    previewSubmitted: '校验通过',
    validate: '校验',
    jsonProblems: '表单JSON不符合表单结构：',
    dialogProblems: '传入的表单无法读取，已打开空白画布：',
    generateFailed: '代码生成失败',
    storageDropped: '设计器保存的数据无法读取，已丢弃',
    storageMigrated: '设计器保存的旧版本数据已升级',
    gen: {
      title: '选择生成类型', type: '生成类型', page: '页面', dialog: '弹窗', fileName: '文件名',
      typeRequired: '生成类型不能为空', fileNameRequired: '请输入文件名',
    },
    option: {
      title: '添加选项', label: '选项名', value: '选项值', labelRequired: '请输入选项名', valueRequired: '请输入选项值',
      add: '添加选项', addChild: '添加子选项', static: '静态数据', dynamic: '动态数据', url: '接口地址', method: '请求方式', dataPath: '数据位置',
      duplicate: '选项值已存在', labelField: '标签键名', valueField: '值键名', childrenField: '子级键名',
    },
    icon: { title: '选择图标', search: '请输入图标名称', none: '无' },
    props: {
      kind: '组件类型', name: '字段名', label: '标题', labelEn: '英文', placeholder: '占位提示', labelWidth: '标签宽度',
      showLabel: '显示标签', span: '表单栅格', defaultValue: '默认值', required: '是否必填', requiredMessage: '必填提示',
      regList: '正则校验', pattern: '表达式', patternMessage: '错误提示', addRule: '添加规则', clearable: '能否清空',
      readonly: '是否只读', disabled: '是否禁用', multiple: '是否多选', filterable: '能否搜索', maxLength: '最多输入',
      minLength: '最少输入', showCount: '输入统计', prepend: '前缀', append: '后缀', rows: '行数', min: '最小值', max: '最大值',
      step: '步长', precision: '精度', height: '高度', options: '选项', button: '按钮样式', border: '是否带边框',
      changeOnSelect: '任选层级', emitPath: '完整路径', activeValue: '开启值', inactiveValue: '关闭值', activeText: '开启提示',
      inactiveText: '关闭提示', range: '范围选择', showStops: '显示间断点', format: '时间格式', dateType: '时间类型',
      startPlaceholder: '开始占位', endPlaceholder: '结束占位', count: '星数', allowHalf: '允许半选', showText: '辅助文字',
      showScore: '显示分数', colorFormat: '颜色格式', listType: '列表类型', limit: '最大数量', buttonText: '按钮文字',
      showTip: '显示提示', accept: '文件类型', fileSize: '文件大小', gutter: '栅格间隔', justify: '水平排列', align: '垂直排列',
      prefixIcon: '前图标', suffixIcon: '后图标', iconOf: '{{label}}：{{name}}',
      text: '按钮文字', buttonType: '按钮类型', action: '按钮动作', columns: '表格列', columnName: '列字段', addColumn: '添加列',
      icon: '图标', none: '无', submit: '提交', reset: '重置',
      nameInvalid: '字段名须以字母、_ 或 $ 开头，只含字母、数字、_、$（最多64个字符）', nameTaken: '字段名已被使用',
    },
    form: {
      size: '表单尺寸', labelPosition: '标签对齐', labelWidth: '标签宽度', gutter: '栅格间隔', disabled: '禁用表单',
      buttons: '表单按钮', span: '默认栅格', large: '较大', middle: '中等', small: '较小', left: '左对齐', right: '右对齐', top: '顶部对齐',
    },
    acceptNames: { image: '图片', video: '视频', audio: '音频', excel: 'excel', word: 'word', pdf: 'pdf', txt: 'txt' },
    dateTypes: { date: '日期', week: '周', month: '月', year: '年', datetime: '日期时间' },
    noActive: '请在画布中选择一个组件',
  },
};

export default designerZhCN;
