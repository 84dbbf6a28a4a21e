import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.ARBOR_API_URL ?? 'http://127.0.0.1:8650';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
