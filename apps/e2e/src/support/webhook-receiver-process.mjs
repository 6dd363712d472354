// A webhook receiver process for the end-to-end tests: it records every POST (path,
// headers, raw body) and reports it to its parent over IPC. How it answers is set per
// path by the parent: a list of answers used one per arrival of each event id
// ("500", "302", "hang" for no answer, "200"), the last one repeated; `delayMs` slows
// every answer down.
import http from 'node:http';

const behaviours = new Map();
const arrivalsById = new Map();

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let id = null;
    try {
      id = JSON.parse(body).id;
    } catch {
      id = null;
    }
    const key = `${request.url} ${id}`;
    const arrival = arrivalsById.get(key) ?? 0;
    arrivalsById.set(key, arrival + 1);
    const { answers = ['200'], delayMs = 0 } = behaviours.get(request.url) ?? {};
    const answer = answers[Math.min(arrival, answers.length - 1)];
    process.send({ kind: 'request', path: request.url, headers: request.headers, body, answer, at: Date.now() });
    if (answer === 'hang') return;
    setTimeout(() => {
      const status = Number(answer);
      response.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {});
      response.end('ok');
    }, delayMs);
  });
});

process.on('message', (message) => {
  if (message.kind === 'behave') behaviours.set(message.path, message.behaviour);
  if (message.kind === 'listen') server.listen(message.port ?? 0, '127.0.0.1', () => process.send({ kind: 'listening', port: server.address().port }));
});
process.on('disconnect', () => process.exit(0));
