import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // The domain does no I/O at import: what the shell takes from it (messages, permissions) must
      // not bring every area's zod schemas into the first load through the package's index.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/domain/') },
    },
  },
});
