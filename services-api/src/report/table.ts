import type { Flow, StructElement } from './layout.js';
import { INK } from './layout.js';
import type { TextStyle } from './text.js';

export interface TableColumn {
  header: string;
  /** Its share of the column's width, 0-1. */
  width: number;
}

const HEADER: TextStyle = { size: 9.5, weight: 'bold', color: INK.muted };
const DEFAULT_CELL: TextStyle = { size: 10, weight: 'regular', color: INK.text };
const PADDING = 4;

/**
 * A table of text as a tagged Table (TR, TH, TD) under `parent`, in the page's direction, each
 * cell wrapped to its column, in `cell`'s style. A row never splits across pages; the header row is drawn again at
 * the top of a page the table continues on.
 */
export function drawTable(
  flow: Flow,
  parent: StructElement,
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
  { cell: CELL = DEFAULT_CELL }: { cell?: TextStyle } = {},
): void {
  const { doc } = flow;
  const table = doc.struct('Table');
  parent.add(table);
  const layout = (cells: readonly string[], style: TextStyle) => {
    const lines = cells.map((text, i) =>
      flow.lines(text, style, columns[i]!.width * flow.width - 2 * PADDING),
    );
    return {
      lines,
      height: Math.max(1, ...lines.map((l) => l.length)) * flow.lineHeight(style) + 2 * PADDING,
    };
  };
  const row = (cells: readonly string[], header: boolean) => {
    const style = header ? HEADER : CELL;
    const { lines, height } = layout(cells, style);
    const tr = doc.struct('TR');
    table.add(tr);
    let offset = 0;
    lines.forEach((cellLines, i) => {
      const width = columns[i]!.width * flow.width;
      const tag = header ? 'TH' : 'TD';
      const cell = doc.struct(tag);
      tr.add(cell);
      if (cellLines.length)
        flow.marked(cell, tag, () =>
          cellLines.forEach((line, n) =>
            flow.drawLine(
              line,
              style,
              flow.x(offset, width) + PADDING,
              width - 2 * PADDING,
              flow.y + PADDING + n * flow.lineHeight(style),
            ),
          ),
        );
      cell.end();
      offset += width;
    });
    flow.y += height;
    flow.artifact(() => {
      doc
        .moveTo(flow.left, flow.y)
        .lineTo(flow.left + flow.width, flow.y)
        .lineWidth(0.5)
        .strokeColor(INK.rule)
        .stroke();
    });
    tr.end();
  };
  const headers = columns.map((c) => c.header);
  // The header with at least its first row, never alone at a page's foot.
  flow.ensure(layout(headers, HEADER).height + (rows[0] ? layout(rows[0], CELL).height : 0));
  row(headers, true);
  for (const cells of rows) {
    if (flow.y + layout(cells, CELL).height > flow.bottom) {
      flow.newPage();
      row(headers, true);
    }
    row(cells, false);
  }
  table.end();
}
