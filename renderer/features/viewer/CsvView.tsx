// CSV (or TSV) as a table, in slices of rows so big files stay responsive.
import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowMore } from './ShowMore';

const rowSlice = 500;

export function CsvView({ source, delimiter }: { source: string; delimiter?: string }) {
  const { t } = useTranslation('viewer');
  const [shownRows, setShownRows] = useState(rowSlice);
  const parsed = useMemo(() => Papa.parse<string[]>(source, { delimiter, skipEmptyLines: true }), [source, delimiter]);
  const [header, ...body] = parsed.data;
  if (!header) return <p className="note">{t('csv.empty')}</p>;
  return (
    <div className="csv-view">
      {parsed.errors.length > 0 && (
        <p className="note" role="status">
          {t('csv.parseProblems', { count: parsed.errors.length, message: parsed.errors[0].message, row: parsed.errors[0].row })}
        </p>
      )}
      <table>
        <thead>
          <tr>
            {header.map((cell, k) => (
              <th key={k} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.slice(0, shownRows).map((row, r) => (
            <tr key={r}>
              {row.map((cell, k) => (
                <td key={k}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore shown={shownRows} total={body.length} unit="rows" onMore={() => setShownRows(n => n + rowSlice * 4)} />
    </div>
  );
}
