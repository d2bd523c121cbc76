import { IdParam } from '../../common/id-param.js';
import { PapersErrors } from './papers.errors.js';

/** :paperId and :fileId of the papers routes (common/id-param: a malformed id answers like a missing one). */
export const PaperId = () => IdParam('paperId', PapersErrors.notFound);
export const FileId = () => IdParam('fileId', PapersErrors.fileNotFound);
