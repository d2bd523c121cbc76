/*
 * The vite configuration both front ends build with (apps/author-web and apps/chair-web import it from their
 * vite.config.ts with their base path and plugins). This file imports nothing from vite or its plugins: those
 * packages are installed in the apps' node_modules, which a module at the repo root does not see, so the apps
 * pass their plugins in and the plugin here is typed by its shape.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = (p: string) => fileURLToPath(new URL(`./libs/${p}`, import.meta.url));

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
 * start-up, with this message, in every browser test). MUI does the same for its default theme from v7.x on
 * (mui/material-ui#48607); extendTheme and CssVarsProvider imported by name are untouched.
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

/** The configuration of a front end served under `base` ('/' or '/chair/'), with the app's `plugins` (React). */
export function appConfig<P>({ base, plugins }: { base: string; plugins: P[] }) {
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
          // Fewer, larger chunks (each compressed file loses the dictionary of the others): what the entry imports
          // statically is one chunk; the outlined text field's parts, the link and MUI's system helpers (shared with
          // other components) another, for the sign-in pages and most forms; the signed-in shell (app bar, side menu
          // and what only they use) a third, loaded after sign-in. The phone's menu drawer (MUI's Modal, Slide and
          // focus trap, shared with the dialogs) and the other shared modules are split by the screens that use them.
          codeSplitting: {
            groups: [
              { name: 'entry', tags: ['$initial' as const], priority: 3 },
              {
                name: 'fields',
                test: /@mui\/material\/esm\/(InputBase|OutlinedInput|FormControl|InputLabel|FormLabel|FormHelperText|TextareaAutosize|Link)\/|@mui\/(system|utils)\//,
                priority: 2,
              },
              {
                name: 'shell',
                test: /\/libs\/ui\/src\/app-shell\.tsx$|@mui\/material\/esm\/(AppBar|Toolbar|List|ListItem|ListItemButton|ListItemText|ListSubheader|useMediaQuery)\//,
                priority: 1,
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
