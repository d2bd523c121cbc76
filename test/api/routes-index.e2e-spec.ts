/**
 * `npm run routes` lists every route the application serves, with the module that serves it and who may
 * call it; the index is read from the controllers, so it must match what Express actually routes.
 */
import { ModulesContainer } from '@nestjs/core';
import { listRoutes } from '../../apps/api/src/cli/routes.js';
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
  });
});
