import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const MUI_CORE =
  /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|transitions|ButtonBase|SvgIcon|Box|Typography|Paper|zero-styled|useMediaQuery|CssBaseline|GlobalStyles|DefaultPropsProvider|colors|useLazyRipple)|@emotion|stylis|react-is|clsx|prop-types|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;
/** What those folders hold that the first pages do not use (lists, tabs, menus, stacks, grids). */
const NOT_CORE =
  /[\\/](Stack|Grid|Container|useRovingTabIndex|getScrollbarSize|usePreviousProps|useForcedRerendering|fastObjectShallowCompare)[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks a page loads (bench/first-load.bench.ts measures them).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and the query client in one chunk of their own: every page needs them,
          // they change less often than the panel (cached across releases), and one chunk instead of
          // a dozen fragments compresses better (the dashboard's first load: 201 KB -> 197 KB gzip).
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            // MUI's core (the theme, emotion, the styling system, the base of buttons, icons, boxes and
            // text): needed by every page from the login page on, one chunk instead of ~25 fragments.
            { name: 'mui-core', test: (id: string) => MUI_CORE.test(id) && !NOT_CORE.test(id) },
            // The sidebar's lists (signed-in pages): one chunk instead of a dozen.
            { name: 'mui-lists', test: /node_modules[\\/]@mui[\\/]material[\\/](List\w*|Divider|Toolbar)[\\/]/ },
          ],
        },
      },
    },
  },
});
