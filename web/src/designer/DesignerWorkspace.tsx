/** The form designer as a page body (/manage/layTable's first tab). Work in progress: the full designer follows. */
export default function DesignerWorkspace() {
  return <div className="qb-designer" />;
}
