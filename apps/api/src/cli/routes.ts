/**
 * npm run routes — the route index: every HTTP route with its method, path, the module folder that serves
 * it, the controller, the file and line of its handler, and who may call it (public, signed in, or the role
 * prefix the guard checks). Builds the application on an in-memory database; nothing listens and nothing is
 * written. Then checks that a URL leads to one place (routeOwnership below) and exits 1 if it does not.
 */
import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppModule } from '../app.module.js';
import { IS_PUBLIC, rolePrefixOf } from '../common/auth-user.js';
import type { AppConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';

export interface RouteEntry {
  method: string;
  path: string;
  /** The folder under apps/api/src/modules of the controller's file. */
  module: string;
  controller: string;
  /** Where the handler is written: apps/api/src/modules/<m>/<file>.controller.ts:<line>. */
  source: string;
  access: string;
}

/** apps/api/src, from src/cli (jest) or dist/cli (npm run routes). */
const API_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const REPO_ROOT = resolve(API_SRC, '../../..');

function* controllerFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* controllerFiles(path);
    else if (name.endsWith('.controller.ts')) yield path;
  }
}

/** "Class.method" → "file:line" of every handler written in a controller file (classes in source order). */
function handlerSources(): Map<string, string> {
  const out = new Map<string, string>();
  let files: string[] = [];
  try {
    files = [...controllerFiles(join(API_SRC, 'modules'))];
  } catch {
    return out; // a deployment without the sources: the index shows '-'
  }
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const where = relative(REPO_ROOT, file);
    let cls: string | undefined;
    lines.forEach((text, i) => {
      const c = /^(?:export\s+)?(?:abstract\s+)?class\s+(\w+)/.exec(text);
      if (c) cls = c[1];
      const m = /^ {2}(?:async\s+)?(\w+)\s*\(/.exec(text);
      if (cls && m && m[1] !== 'constructor') out.set(`${cls}.${m[1]}`, `${where}:${i + 1}`);
    });
  }
  return out;
}

const moduleOfSource = (source: string): string =>
  /apps\/api\/src\/modules\/([\w-]+)\//.exec(source)?.[1] ?? '-';

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** Who passes the global guard: @Public routes, the role of the path prefix, or any signed-in user. */
function accessOf(path: string, isPublic: boolean): string {
  if (isPublic) return 'public';
  const prefix = rolePrefixOf(path);
  return prefix ? `role: ${prefix}` : 'signed in';
}

/** Reads the routes from the controllers' metadata of a built application. */
export function listRoutes(container: ModulesContainer): RouteEntry[] {
  const out: RouteEntry[] = [];
  const sources = handlerSources();
  for (const mod of container.values()) {
    for (const wrapper of mod.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!type) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const proto = type.prototype as Record<string, unknown>;
      // Own handlers and inherited ones (the chair and track-chair twins share a base class).
      const names = new Set<string>();
      for (
        let p: object | null = proto;
        p && p !== Object.prototype;
        p = Object.getPrototypeOf(p) as object | null
      )
        for (const n of Object.getOwnPropertyNames(p)) names.add(n);
      for (const name of names) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const isPublic = Boolean(
          Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, type),
        );
        for (const prefix of prefixes)
          for (const p of paths) {
            const path = joinPath('api', prefix, p);
            const source = sources.get(`${type.name}.${name}`) ?? '-';
            out.push({
              method: RequestMethod[method],
              path,
              module: moduleOfSource(source),
              controller: type.name,
              source,
              access: accessOf(path, isPublic),
            });
          }
      }
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const ROLES = new Set(['author', 'chair', 'cochair', 'reviewer', 'session', 'registered']);

/**
 * A route's prefix and resource: /api/<role>/<resource>/… → prefix '<role>/<resource>', resource
 * '<resource>'; other paths (/api/auth/…, /api/verify/…) → their first segment for both.
 */
export function prefixOf(path: string): { prefix: string; resource: string } {
  const [, , first = '', second = ''] = path.split('/');
  return ROLES.has(first) && second
    ? { prefix: `${first}/${second}`, resource: second }
    : { prefix: first, resource: first };
}

/** 'chair/review_requests' → 'chair-review-requests' (the file name a prefix gives a controller). */
const fileNameOf = (prefix: string) =>
  prefix
    .replace(/[/_]/g, '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

/**
 * "A URL leads to one file": every prefix has one owner module, the only one serving it from files not
 * named after it; another module adds routes under the prefix only from a file named after it
 * (`reviews/author-papers.controller.ts` for /api/author/papers/:paperId/reviews) that serves that prefix
 * alone (with its track-chair twin, cochair/…). A controller file serves one resource (papers, users …),
 * unless it holds a single controller class. Answers the problems found (none: []).
 */
export function routeOwnership(routes: RouteEntry[]): string[] {
  const problems: string[] = [];
  const byFile = new Map<string, RouteEntry[]>();
  for (const r of routes) {
    const file = r.source.replace(/:\d+$/, '');
    byFile.set(file, [...(byFile.get(file) ?? []), r]);
  }
  const named = (file: string, prefix: string) =>
    basename(file) === `${fileNameOf(prefix.replace(/^cochair\//, 'chair/'))}.controller.ts`;
  // prefix → module → routes it serves there; the owner is the module serving most of them
  const servedBy = new Map<string, Map<string, number>>();
  for (const [file, rs] of byFile) {
    if (file === '-') {
      problems.push(`routes without a source file: ${rs.map((r) => r.controller).join(', ')}`);
      continue;
    }
    const resources = new Set(rs.map((r) => prefixOf(r.path).resource));
    const classes = new Set(rs.map((r) => r.controller));
    if (resources.size > 1 && classes.size > 1)
      problems.push(`${file} serves several resources (${[...resources].join(', ')}): one file per resource`);
    for (const r of rs) {
      const { prefix } = prefixOf(r.path);
      const counts = servedBy.get(prefix) ?? new Map<string, number>();
      counts.set(r.module, (counts.get(r.module) ?? 0) + 1);
      servedBy.set(prefix, counts);
    }
  }
  for (const [prefix, counts] of servedBy) {
    const owner = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    for (const [file, rs] of byFile) {
      if (file === '-' || moduleOfSource(file) === owner) continue;
      if (!rs.some((r) => prefixOf(r.path).prefix === prefix)) continue;
      const resources = new Set(rs.map((r) => prefixOf(r.path).resource));
      if (!named(file, prefix) || resources.size > 1)
        problems.push(
          `/api/${prefix} belongs to the ${owner} module; ${file} adds routes to it, so it serves that prefix alone and is named ${fileNameOf(prefix.replace(/^cochair\//, 'chair/'))}.controller.ts`,
        );
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const config: AppConfig = {
    port: 0,
    dataDir: '/nonexistent',
    inMemoryDatabase: true,
    jwtSecret: 'routes-index-routes-index-routes-index-0123',
    publicUrl: 'http://localhost:3000',
    demoData: false,
    serveApps: false,
    runJobs: false,
  };
  const handle = await openDatabase({ inMemory: true });
  const app = await NestFactory.createApplicationContext(AppModule.create(config, handle), {
    logger: ['error'],
  });
  try {
    const routes = listRoutes(app.get(ModulesContainer));
    const width = (k: keyof RouteEntry) => Math.max(k.length, ...routes.map((r) => r[k].length));
    const cols: (keyof RouteEntry)[] = ['method', 'path', 'module', 'controller', 'source', 'access'];
    const line = (r: Record<keyof RouteEntry, string>) =>
      cols
        .map((c) => r[c].padEnd(width(c)))
        .join('  ')
        .trimEnd();
    console.log(
      line({
        method: 'METHOD',
        path: 'PATH',
        module: 'MODULE',
        controller: 'CONTROLLER',
        source: 'SOURCE',
        access: 'ACCESS',
      }),
    );
    for (const r of routes) console.log(line(r));
    console.log(`\n${routes.length} routes`);
    const problems = routeOwnership(routes);
    if (problems.length) {
      console.error(`\nA URL must lead to one file (${problems.length} problems):`);
      for (const p of problems) console.error(`  ${p}`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
}

if (process.argv[1]?.endsWith('routes.js')) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
