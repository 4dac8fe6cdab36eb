// moved to the shell (the form designer uses it too); the menu page's import can point there and this file go
export { IconPicker } from '../../shell/IconPicker.tsx';
