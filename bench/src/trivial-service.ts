// A service with one trivial endpoint answering a ~7.5 KB JSON body; prints its URL.
import { createHttpApp, createLogger, listen } from '@moba/platform';

const payload = {
  items: Array.from({ length: 50 }, (_, i) => ({
    id: i,
    title: `Berba malina ${i}`,
    municipality: 'Arilje',
    wage: 3000 + i,
    text: 'x'.repeat(70),
  })),
};
const app = createHttpApp({
  name: 'trivial',
  logger: createLogger('trivial', 'silent'),
  routes: (a) => a.get('/trivial', (_req, res) => void res.json(payload)),
});
void listen(app, 0).then((l) => console.log(l.url));
