/**
 * `npm run routes` lists every route the application serves, with the module that serves it, the file and
 * line of its handler and who may call it; the index is read from the controllers, so it must match what
 * Express actually routes. A URL leads to one place: each prefix has one owner module, and another module
 * adds routes under it only from a file named after the prefix.
 */
import { ModulesContainer } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { listRoutes, routeOwnership, type RouteEntry } from '../../apps/api/src/cli/routes.js';
import { createTestApp, type TestApp } from '../support/app.js';

describe('the route index (npm run routes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists exactly the routes Express serves, each with its module and access', () => {
    const index = listRoutes(t.app.get(ModulesContainer));
    const router = (
      t.app.getHttpAdapter().getInstance() as {
        router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
      }
    ).router.stack
      .filter((l) => l.route && l.route.path.startsWith('/api/') && !l.route.path.startsWith('/api/docs'))
      .flatMap((l) =>
        Object.keys(l.route!.methods)
          .filter((m) => m !== '_all')
          .map((m) => `${m.toUpperCase()} ${l.route!.path}`),
      );
    expect(index.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...new Set(router)].sort());
    const byPath = new Map(index.map((r) => [`${r.method} ${r.path}`, r]));
    expect(byPath.get('POST /api/auth/login')).toMatchObject({ module: 'auth', access: 'public' });
    expect(byPath.get('PUT /api/chair/review_requests/conflicts/:paperId/:reviewerId')).toMatchObject({
      module: 'reviews',
      controller: 'ChairConflictOverridesController',
      access: 'role: chair',
    });
    expect(byPath.get('GET /api/cochair/papers/:paperId')).toMatchObject({
      module: 'papers',
      access: 'role: cochair',
    });
    // every handler's file and line: the line holds the handler's name
    for (const r of index) {
      const [, file, line] = /^(apps\/api\/src\/modules\/[\w-]+\/[\w.-]+\.controller\.ts):(\d+)$/.exec(
        r.source,
      )!;
      expect(r.source.split('/')[4]).toBe(r.module);
      const text = readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]!;
      expect(text).toMatch(/^ {2}(async )?\w+\(/);
    }
    expect(byPath.get('GET /api/author/papers/:paperId/letters')).toMatchObject({
      module: 'letters',
      source: expect.stringMatching(/^apps\/api\/src\/modules\/letters\/author-papers\.controller\.ts:\d+$/),
    });
  });

  it('leads every URL prefix to one owner module, other modules adding routes only from a file named after it', () => {
    expect(routeOwnership(listRoutes(t.app.get(ModulesContainer)))).toEqual([]);
  });

  it('names the file that breaks the rule', () => {
    const route = (path: string, module: string, source: string, controller = 'X'): RouteEntry => ({
      method: 'GET',
      path,
      module,
      controller,
      source: `apps/api/src/modules/${module}/${source}:1`,
      access: 'role: chair',
    });
    const owned = [
      route('/api/chair/papers', 'papers', 'chair-papers.controller.ts'),
      route('/api/chair/papers/:id', 'papers', 'chair-papers.controller.ts'),
    ];
    expect(
      routeOwnership([
        ...owned,
        route('/api/chair/papers/:id/letters', 'letters', 'chair-papers.controller.ts'),
      ]),
    ).toEqual([]);
    expect(
      routeOwnership([...owned, route('/api/chair/papers/:id/letters', 'letters', 'letters.controller.ts')]),
    ).toEqual([
      expect.stringContaining('apps/api/src/modules/letters/letters.controller.ts adds routes to it'),
    ]);
    expect(
      routeOwnership([
        route('/api/chair/letters', 'letters', 'letters.controller.ts', 'A'),
        route('/api/verify/:code', 'letters', 'letters.controller.ts', 'B'),
      ]),
    ).toEqual([expect.stringContaining('serves several resources (letters, verify)')]);
  });
});
