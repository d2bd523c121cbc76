import { formulaLike } from '@symposium/domain';
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
