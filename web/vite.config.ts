import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));

/** The SPA: Vite compiles the shared contracts from their TypeScript source. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@moba\/contracts$/, replacement: contracts },
      { find: /^@moba\/contracts\/(.*)$/, replacement: `${contractsDir}$1` },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2020' },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
