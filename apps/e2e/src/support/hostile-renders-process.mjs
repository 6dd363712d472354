// Hostile renders for the fuzz test, sent from a process of their own: one at a time, with
// a pause between, from the parent's `start` until its `stop`, then every answer reported
// over IPC. They are timed here because the fuzz's own process generates requests and
// judges answers in runs of its event loop that take seconds on a busy machine: timed
// there, a render's answer waits for them, and the wait would count as the renderer's.
let stopping = false;

process.on('message', (message) => {
  if (message.kind === 'start') void send(message);
  if (message.kind === 'stop') stopping = true;
});
process.on('disconnect', () => process.exit(0));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function send({ url, key, designs, pauseMs }) {
  // Each body is written once, before any clock starts.
  const bodies = designs.map((doc) => JSON.stringify({ doc, merge: { contact: { id: '1' } } }));
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const answers = [];
  const render = async (design) => {
    const started = Date.now();
    try {
      const response = await fetch(url, { method: 'POST', headers, body: bodies[design] });
      const text = await response.text();
      return { design, ms: Date.now() - started, status: response.status, headers: [...response.headers], text };
    } catch (error) {
      return { design, ms: Date.now() - started, failure: error.message };
    }
  };
  for (let n = 0; !stopping; n++) {
    const design = n % bodies.length;
    let answer = await render(design);
    // As the fuzz judges its own requests: a 503 (a busy machine can answer it) stands only
    // if the same render, sent again a moment later, is answered 503 again.
    if (answer.status === 503) {
      await sleep(1_000);
      answer = await render(design);
    }
    answers.push(answer);
    await sleep(pauseMs);
  }
  process.send({ kind: 'answers', answers });
}
