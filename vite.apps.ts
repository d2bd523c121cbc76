/*
 * The vite configuration both front ends build with (apps/author-web and apps/chair-web import it from their
 * vite.config.ts with their base path and plugins). This file imports nothing from vite or its plugins: those
 * packages are installed in the apps' node_modules, which a module at the repo root does not see, so the apps
 * pass their plugins in and the plugin here is typed by its shape.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = (p: string) => fileURLToPath(new URL(`./libs/${p}`, import.meta.url));

/** What the chunk groups read of the module graph (rolldown's ChunkingContext and ModuleInfo). */
interface GraphModule {
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
}
interface Graph {
  getModuleInfo(id: string): GraphModule | null;
}

/** What a module imports by name (from all its imports) and the specifiers it imports whole (`import * as`). */
interface Imports {
  importer: string;
  names: Set<string>;
  whole: string[];
}

/** Read from a module's transformed code, where type imports are gone: `import { a, b as c } from 'x'` gives a, b. */
function importsOf(importer: string, code: string): Imports {
  const names = new Set<string>();
  const whole: string[] = [];
  for (const [, clause, specifier] of code.matchAll(/\bimport\s+([^'";]+?)\s+from\s*["']([^"']+)["']/g)) {
    if (clause!.includes('*')) whole.push(specifier!);
    for (const n of /\{([^}]*)\}/.exec(clause!)?.[1]!.split(',') ?? [])
      if (n.trim()) names.add(n.trim().split(/\s+as\s+/)[0]!);
  }
  return { importer, names, whole };
}

/** Whether module `id` is what `specifier` names in `importer` (a package's entry, or a relative path). */
function isSpecifier(id: string, specifier: string, importer: string): boolean {
  if (!specifier.startsWith('.')) return id.includes(`/node_modules/${specifier}/`);
  const path = resolve(dirname(importer), specifier).replace(/\.(m?js|tsx?)$/, '');
  return id.replace(/(\/index)?\.(m?js|tsx?)$/, '') === path || id.replace(/\.(m?js|tsx?)$/, '') === path;
}

/**
 * The modules `root` imports statically, directly or not. An index module (a package's or a library's barrel:
 * @mui/material, @tanstack/react-query, @symposium/ui...) is followed only to the modules of the names its
 * importer takes from it: the module exporting the name, or the file or folder named after it (MUI's
 * `Chip/index.js` for `Chip`). A barrel imports its whole library; the unused parts are tree-shaken, and
 * following them would count most of MUI as the screen's.
 */
function staticImports(root: string, graph: Graph): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string, from: Imports | null) => {
    const info = graph.getModuleInfo(id);
    if (!info) return;
    if (
      from &&
      /\/index\.(m?js|ts)$/.test(id) &&
      !from.whole.some((s) => isSpecifier(id, s, from.importer))
    ) {
      const named = [...from.names];
      const byName = info.importedIds.filter((dep) =>
        graph.getModuleInfo(dep)?.exports.some((e) => e !== 'default' && from.names.has(e)),
      );
      const byPath = info.importedIds.filter((dep) =>
        named.some((n) => dep.endsWith(`/${n}/index.js`) || new RegExp(`/${n}\\.(m?js|tsx?)$`).test(dep)),
      );
      // none: not a barrel (a CommonJS package's index that requires its build), followed like any module
      if (byName.length || byPath.length) {
        for (const dep of byName) visit(dep, from);
        for (const dep of byPath) visit(dep, null);
        return;
      }
    }
    if (seen.has(id)) return;
    seen.add(id);
    const imports = importsOf(id, info.code ?? '');
    for (const dep of info.importedIds) visit(dep, imports);
  };
  visit(root, null);
  return seen;
}

/** The lazy modules of the sign-in pages and of the signed-in shell (libs/ui), in both apps. */
const SIGN_IN = lib('ui/src/auth-pages.tsx');
const SHELL = lib('ui/src/app-shell.tsx');

/**
 * For a module, the first screens' lazy modules that import it statically: the sign-in pages, the signed-in
 * shell and the app's home. Computed once per chunking pass (the graph's objects are reused within a pass, so
 * the sign-in module's object is the key).
 */
function firstScreens(home: string | undefined) {
  const roots = [SIGN_IN, SHELL, ...(home ? [home] : [])];
  const cache = new WeakMap<GraphModule, Map<string, string[]>>();
  return (id: string, graph: Graph): string[] => {
    const key = graph.getModuleInfo(roots[0]!);
    if (!key) return [];
    let use = cache.get(key);
    if (!use) {
      use = new Map();
      for (const root of roots)
        for (const m of staticImports(root, graph)) use.set(m, [...(use.get(m) ?? []), root]);
      cache.set(key, use);
    }
    return use.get(id) ?? [];
  };
}

/** The outlined text field's parts, the link and MUI's system helpers: the sign-in pages and most forms. */
const FIELDS =
  /@mui\/material\/esm\/(InputBase|OutlinedInput|FormControl|InputLabel|FormLabel|FormHelperText|TextareaAutosize|Link)\/|@mui\/(system|utils)\//;

/** MUI's CSS-variables theme modules and what replaces them here (see muiThemeWithoutCssVariables). */
const MUI_STYLES = /\/@mui\/material\/esm\/styles\/(createTheme|ThemeProvider)\.js$/;
const MUI_WITH_VARS = /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/;
const NO_CSS_VARIABLES = '\0symposium:mui-without-css-variables';

/**
 * The theme of both apps (libs/ui/src/theme.ts) has no CSS variables: createTheme without `cssVariables` or
 * `colorSchemes` returns createThemeNoVars(options), and ThemeProvider then renders its no-variables provider.
 * MUI's createTheme.js and ThemeProvider.js still import the CSS-variables theme and provider for the other
 * branch (MUI's own default theme goes through createTheme() too), and a runtime branch is not tree-shaken:
 * about 50 kB of code, 6 kB of brotli, in every first screen. Here those two imports, from those two files
 * only, resolve to a module that throws if it is ever called (a theme given CSS variables would fail at
 * start-up, with this message, in every browser test). The same reasoning as mui/material-ui#48607 (MUI's
 * default theme built with createThemeNoVars); extendTheme and CssVarsProvider imported by name are untouched.
 */
function muiThemeWithoutCssVariables() {
  return {
    name: 'symposium-mui-without-css-variables',
    enforce: 'pre' as const,
    resolveId(source: string, importer?: string) {
      return importer && MUI_STYLES.test(importer) && MUI_WITH_VARS.test(source) ? NO_CSS_VARIABLES : null;
    },
    load(id: string) {
      if (id !== NO_CSS_VARIABLES) return null;
      return [
        'function withoutCssVariables() {',
        "  throw new Error('MUI theme with CSS variables (cssVariables or colorSchemes): left out of this build by vite.apps.ts (muiThemeWithoutCssVariables)');",
        '}',
        'export default withoutCssVariables;',
        'export const CssVarsProvider = withoutCssVariables;',
      ].join('\n');
    },
  };
}

/** Once the bundle is written: a .br and a .gz beside each asset, which the API serves (serveFrontEnds). */
function precompress() {
  let outDir = '';
  return {
    name: 'symposium-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // scripts/ is plain JS outside this project's types: loaded by URL, its one function typed here
      const script = new URL('./scripts/compress-assets.js', import.meta.url).href;
      const { compressDir } = (await import(script)) as { compressDir: (dir: string) => Promise<unknown> };
      await compressDir(outDir);
    },
  };
}

/**
 * The configuration of a front end served under `base` ('/' or '/chair/'), with the app's `plugins` (React).
 * `home` (a file URL), if the app has one, is the lazy module of the screen shown after sign-in.
 */
export function appConfig<P>({ base, plugins, home }: { base: string; plugins: P[]; home?: URL }) {
  const homeFile = home ? fileURLToPath(home) : undefined;
  const usedBy = firstScreens(homeFile);
  return {
    base,
    plugins: [...plugins, muiThemeWithoutCssVariables(), precompress()],
    resolve: {
      // @symposium/ui/<module> is one module of libs/ui (deep import): what the entry loads lazily from there
      // (sign-in pages, the signed-in shell) stays out of the entry chunk.
      alias: [
        { find: /^@symposium\/domain$/, replacement: lib('domain/src/index.ts') },
        { find: /^@symposium\/ui$/, replacement: lib('ui/src/index.ts') },
        { find: /^@symposium\/ui\/([\w-]+)$/, replacement: lib('ui/src/$1') },
      ],
      dedupe: [
        'react',
        'react-dom',
        '@mui/material',
        '@emotion/react',
        'react-router',
        '@tanstack/react-query',
      ],
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
    build: {
      rollupOptions: {
        treeshake: {
          // The conflict-of-interest helpers of libs/domain (public-suffix and mail-provider lists) run only in
          // the API: their packages' top-level tables stay out of the bundle unless something here uses them.
          // libs/ui and libs/domain have no import-time side effects: a module reached only through their
          // barrels (index.ts) belongs to the lazy screens that use it, not to the entry chunk.
          moduleSideEffects: (id: string) =>
            !/node_modules\/(tldts|tldts-core|email-providers)\//.test(id) &&
            !/\/libs\/(ui|domain)\/src\//.test(id),
        },
        output: {
          // Fewer, larger chunks (each compressed file loses the dictionary of the others), by first screen:
          // - entry: what the entry imports statically;
          // - fields: the outlined text field's parts, the link and MUI's system helpers (the sign-in pages and most
          //   forms), with whatever else the sign-in pages share with the signed-in first screens (Card, Stack...);
          // - shell: the signed-in shell, loaded with every signed-in screen, with all it imports (app bar, side
          //   menu) and whatever the home shares with it;
          // - home: what the home imports besides (the paper cards' Chip, Switch, the paper API...), used by other
          //   screens too, so else a dozen small chunks, one per set of screens sharing a module. Not the home's own
          //   module: its chunk keeps its source's name in the manifest;
          // - sign-in: the same for the sign-in pages (the person validation, Stack in the chair app).
          // The phone's menu drawer (MUI's Modal, Slide and focus trap, shared with the dialogs) and the other shared
          // modules are split by the screens that use them.
          codeSplitting: {
            groups: [
              { name: 'entry', tags: ['$initial' as const], priority: 3 },
              {
                name: (id: string, graph: Graph) => {
                  const screens = usedBy(id, graph);
                  return FIELDS.test(id) || (screens.includes(SIGN_IN) && screens.length > 1)
                    ? 'fields'
                    : null;
                },
                priority: 2,
              },
              {
                name: (id: string, graph: Graph) => (usedBy(id, graph).includes(SHELL) ? 'shell' : null),
                priority: 1,
              },
              {
                name: (id: string, graph: Graph) =>
                  homeFile && id !== homeFile && usedBy(id, graph).includes(homeFile) ? 'home' : null,
                priority: 0,
              },
              {
                name: (id: string, graph: Graph) =>
                  id !== SIGN_IN && usedBy(id, graph).includes(SIGN_IN) ? 'sign-in' : null,
                priority: 0,
              },
            ],
          },
        },
      },
      manifest: true,
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
    },
  };
}
