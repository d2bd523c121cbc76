import { formulaLike, wallClockInZone } from '@symposium/domain';
import type ExcelJS from 'exceljs';

/**
 * User text in an export stays text: an xlsx string cell is never evaluated as written, and a text cell that
 * starts like a formula (= + - @ TAB CR) gets the Text number format ('@'), so editing it in a spreadsheet
 * program keeps it text too. The cell shows exactly what the user wrote (the quote-prefix style's effect;
 * exceljs cannot write quotePrefix itself). Returns the row, for `.commit()` on streamed sheets.
 */
export function keepTextAsText<R extends ExcelJS.Row>(row: R): R {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string' && formulaLike(cell.value)) cell.numFmt = '@';
  });
  return row;
}

/** How a time column shows its cells (the conference's wall clock; the zone is in the column's header). */
export const XLSX_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * An instant for a time cell: the conference zone's wall clock as a real date-time value (it sorts and
 * computes like one), with the zone named in its column's header ("Created (Europe/Lisbon)"). '' for none.
 */
export function timeCell(value: Date | string | null | undefined, zone: string): Date | '' {
  return wallClockInZone(value, zone) ?? '';
}

/** The columns with each time column's header naming the zone and its cells shown as date and time. */
export function withTimeColumns(
  columns: Partial<ExcelJS.Column>[],
  timeKeys: readonly string[],
  zone: string,
): Partial<ExcelJS.Column>[] {
  return columns.map((c) =>
    typeof c.key === 'string' && timeKeys.includes(c.key)
      ? { ...c, header: `${String(c.header)} (${zone})`, style: { numFmt: XLSX_TIME_FORMAT } }
      : c,
  );
}
