import { IdParam } from '../../common/id-param.js';
import { fileNotFound, paperNotFound } from './papers.service.js';

/** :paperId and :fileId of the papers routes (common/id-param: a malformed id answers like a missing one). */
export const PaperId = () => IdParam('paperId', paperNotFound);
export const FileId = () => IdParam('fileId', fileNotFound);
