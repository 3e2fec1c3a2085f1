import { RowHeader } from '../../../components/ui/console-page';
import { Table } from '../../../components/ui/table';
import styles from './workplace-reports.module.css';

export interface FiguresColumn<Row> {
  label: string;
  value: (row: Row) => string;
}

/** A report's table: a row header per line, then a right-aligned figure per column; `total` adds a last, bold line. */
export function FiguresTable<Row>({
  caption,
  first,
  rows,
  rowKey,
  name,
  columns,
  total,
}: {
  caption: string;
  first: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  name: (row: Row) => string;
  columns: readonly FiguresColumn<Row>[];
  total?: { name: string; row: Row };
}) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={styles.number}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <RowHeader>{name(row)}</RowHeader>
            {columns.map((column) => (
              <td key={column.label} className={styles.number}>
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total ? (
        <tfoot className={styles.total}>
          <tr>
            <RowHeader>{total.name}</RowHeader>
            {columns.map((column) => (
              <td key={column.label} className={styles.number}>
                {column.value(total.row)}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </Table>
  );
}
