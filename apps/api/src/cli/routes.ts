/**
 * npm run routes — the route index: every HTTP route with its method, path, the module that serves it,
 * the controller and who may call it (public, signed in, or the role prefix the guard checks). Builds the
 * application on an in-memory database; nothing listens and nothing is written.
 */
import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { IS_PUBLIC, rolePrefixOf } from '../common/auth-user.js';
import type { AppConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';

export interface RouteEntry {
  method: string;
  path: string;
  module: string;
  controller: string;
  access: string;
}

const join = (...parts: string[]) =>
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
            const path = join('api', prefix, p);
            out.push({
              method: RequestMethod[method],
              path,
              module: mod.metatype.name.replace(/Module$/, '').toLowerCase(),
              controller: type.name,
              access: accessOf(path, isPublic),
            });
          }
      }
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
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
    const cols: (keyof RouteEntry)[] = ['method', 'path', 'module', 'controller', 'access'];
    const line = (r: Record<keyof RouteEntry, string>) =>
      cols
        .map((c) => r[c].padEnd(width(c)))
        .join('  ')
        .trimEnd();
    console.log(
      line({ method: 'METHOD', path: 'PATH', module: 'MODULE', controller: 'CONTROLLER', access: 'ACCESS' }),
    );
    for (const r of routes) console.log(line(r));
    console.log(`\n${routes.length} routes`);
  } finally {
    await app.close();
  }
}

if (process.argv[1]?.endsWith('routes.js')) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
