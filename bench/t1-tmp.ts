import { benchAppOn, openSeededDatabase } from '/work/main/bench/benchApp';
const database = await openSeededDatabase(process.env.BENCH_DATABASE_URL!);
const app = await benchAppOn(database.db);
const login = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: { email: 'admin@colis.local', password: 'Admin123!' } });
const token = login.json().token;
for (let i=0;i<8;i++){ const r = await app.inject({ method: 'GET', url: '/api/colis/liste/x?_perPage=25&_page=20000', headers: { authorization: `Bearer ${token}` } }); console.log(r.statusCode, r.body.slice(0, 300)); }
await app.close(); await database.close();
