import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerResponse } from 'node:http';

/**
 * Express's `res.json` ends in `res.send`, which copies the body into a Buffer and hashes all of it (sha1)
 * for an ETag. Only GET and HEAD answers are ever revalidated with an ETag (If-None-Match; `req.fresh` is
 * false for every other method), so an answer to a POST, PUT, PATCH or DELETE is written without it: the same
 * body, Content-Type and status, Content-Length counted by Node. For a page of 100 papers (135 kB) the hash
 * was ~0.4 ms of CPU per request.
 */
export function jsonWithoutETagForWrites(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') res.json = writeJson;
  next();
}

/** Express's own res.json (express/lib/response.js), which every response inherits. */
const expressJson = express.response.json;

function writeJson(this: Response, body: unknown): Response {
  const text = JSON.stringify(body);
  // where res.send would do more than write the text: nothing to send, no body (204, 304), a Content-Type
  // already chosen (res.send adds its charset)
  if (
    text === undefined ||
    this.statusCode === 204 ||
    this.statusCode === 304 ||
    this.getHeader('Content-Type') !== undefined
  )
    return expressJson.call(this, body);
  this.setHeader('Content-Type', 'application/json; charset=utf-8');
  this.end(text);
  return this;
}

/**
 * Answers with JSON already serialised (e.g. built by the database), text or its UTF-8 bytes: 200 (or
 * `status`), application/json, as is; no ETag (only for writes' answers: GET answers should keep theirs).
 */
export function sendJsonText(res: ServerResponse, json: string | Buffer, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(json);
}
