/** A table as shown (its visible columns and rows) as a printable HTML document. */
export interface PrintableTable {
  title: string;
  subtitle?: string;
  columns: { title: string; align?: 'left' | 'right'; image?: boolean }[];
  /** cell texts (image cells: the image URL), in column order; depth indents tree rows */
  rows: { cells: string[]; depth?: number }[];
  emptyText: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function printableHtml(table: PrintableTable, lang: string): string {
  const head = table.columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
  const body = table.rows.length
    ? table.rows
        .map(
          (r) =>
            `<tr>${r.cells
              .map((cell, i) => {
                const column = table.columns[i]!;
                const indent = i === 0 && r.depth ? ` style="padding-left:${8 + r.depth * 16}px"` : '';
                const content = column.image && cell ? `<img src="${escapeHtml(cell)}" alt="">` : escapeHtml(cell);
                return `<td${indent}${column.align === 'right' ? ' class="num"' : ''}>${content}</td>`;
              })
              .join('')}</tr>`,
        )
        .join('')
    : `<tr><td colspan="${table.columns.length}" class="empty">${escapeHtml(table.emptyText)}</td></tr>`;
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(table.title)}</title><style>
body{font-family:'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif;margin:16px;color:#000}
h1{font-size:18px;margin:0 0 4px}p{font-size:12px;color:#555;margin:0 0 12px}
table{border-collapse:collapse;width:100%;font-size:12px}th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:middle}
th{background:#f0f0f0}td.num{text-align:right}td.empty{text-align:center;color:#777}img{width:50px;height:50px;object-fit:cover}
thead{display:table-header-group}tr{page-break-inside:avoid}
</style></head><body><h1>${escapeHtml(table.title)}</h1>${table.subtitle ? `<p>${escapeHtml(table.subtitle)}</p>` : ''}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Prints through a hidden frame, so that only the table is printed, not the screen around it. */
export function printHtml(html: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(html);
  doc.close();
  const win = frame.contentWindow!;
  const images = [...doc.images];
  const go = () => {
    win.focus();
    win.print();
    // the print dialog blocks until closed in most browsers; remove the frame after it
    setTimeout(() => frame.remove(), 1000);
  };
  // wait for the images, or the printout shows empty boxes
  const loaded = (img: HTMLImageElement) =>
    img.complete
      ? null
      : new Promise((resolve) => {
          img.addEventListener('load', resolve);
          img.addEventListener('error', resolve);
        });
  void Promise.all(images.map(loaded)).then(go);
}
