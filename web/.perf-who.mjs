import { build } from 'vite';
const targets = process.argv.slice(2);
await build({
  logLevel: 'silent',
  build: { write: false },
  plugins: [{
    name: 'who',
    generateBundle() {
      const short = (id) => id.replace(/.*node_modules\//, 'nm/').replace(/.*\/web\/src\//, 'src/').replace(/.*\/libs\//,'libs/');
      for (const id of this.getModuleIds()) {
        const s = short(id);
        if (!targets.some(t => s === t)) continue;
        const info = this.getModuleInfo(id);
        console.log(`## ${s}\n   static: ${info.importers.map(short).join(', ')}\n   dynamic: ${info.dynamicImporters.map(short).join(', ')}`);
      }
    },
  }],
});
