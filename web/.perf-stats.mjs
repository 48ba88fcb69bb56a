import { build } from 'vite';
const out = [];
await build({
  logLevel: 'silent',
  build: { write: false },
  plugins: [{
    name: 'stats',
    generateBundle(_, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        const mods = Object.entries(c.modules).map(([id, m]) => [m.renderedLength, id.replace(/.*node_modules\//, 'nm/').replace(/.*\/web\/src\//, 'src/').replace(/.*\/libs\//,'libs/')]).sort((a,b)=>b[0]-a[0]);
        out.push({ name: c.fileName, size: c.code.length, imports: c.imports, dyn: c.dynamicImports, mods });
      }
    },
  }],
});
const want = process.argv.slice(2);
for (const c of out.sort((a,b)=>b.size-a.size)) {
  if (want.length && !want.some(w => c.name.includes(w))) continue;
  console.log(`== ${c.name} ${c.size}  imports: ${c.imports.join(' ')}`);
  for (const [n, id] of c.mods.slice(0, 25)) if (n > 0) console.log(`   ${String(n).padStart(7)} ${id}`);
}
