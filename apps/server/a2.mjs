import { hash, verify } from '@node-rs/argon2';
const sets = { 'm12t3p1': [12288,3,1], 'm12t3p2': [12288,3,2], 'm19t2p1': [19456,2,1], 'm7t5p1': [7168,5,1], 'm9t4p1':[9216,4,1], 'm46t1p1':[47104,1,1], 'm19t2p2':[19456,2,2] };
const hs = {};
for (const [k,[m,t,p]] of Object.entries(sets)) hs[k] = await hash('bench-password-123', { algorithm: 2, memoryCost: m, timeCost: t, parallelism: p });
const res = Object.fromEntries(Object.keys(sets).map(k => [k, []]));
for (let i = 0; i < 60; i++) for (const k of Object.keys(sets)) { const s = performance.now(); await verify(hs[k], 'bench-password-123'); res[k].push(performance.now() - s); }
for (const [k,t] of Object.entries(res)) { t.sort((a,b)=>a-b); console.log(k, 'median', t[30].toFixed(1), 'p90', t[54].toFixed(1), 'max', t[59].toFixed(1)); }
// concurrent: 2 at once
