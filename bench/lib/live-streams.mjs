// @ts-check
// Holds open streams of GET /api/live for the live-events benchmarks (bench/live.ts, and bench/api.ts with
// --live-streams), in a process of its own so that the server's memory and CPU are the server's alone.
// The parent sends { url, tokens }; once every stream has said `ready` this answers { ready }. Any later message
// 'report' is answered with { delays, open }: the delay of each notification whose text is `written <epoch ms>`.

/** @type {number[]} */
const delays = [];
let open = 0;

/**
 * @param {string} url
 * @param {string} token
 * @param {() => void} onReady
 */
async function openStream(url, token, onReady) {
  const response = await fetch(`${url}/api/live`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  open++;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) {
      buffer += decoder.decode(chunk, { stream: true });
      let boundary;
      while ((boundary = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        if (block.includes('event: ready')) onReady();
        const sentAt = /"message":"written (\d+)"/.exec(block)?.[1];
        if (sentAt) delays.push(Date.now() - Number(sentAt));
      }
    }
    open--;
  })().catch(() => open--);
}

process.once('message', async (/** @type {{ url: string; tokens: string[] }} */ message) => {
  const { url, tokens } = message;
  let ready = 0;
  let answered = false;
  const onReady = () => {
    if (++ready === tokens.length && !answered) {
      answered = true;
      process.send?.({ ready });
    }
  };
  // In batches: a thousand session checks at once would queue past the database pool's wait limit.
  for (let index = 0; index < tokens.length; index += 50) {
    await Promise.all(tokens.slice(index, index + 50).map((token) => openStream(url, token, onReady)));
  }
  process.on('message', (next) => {
    if (next === 'report') process.send?.({ delays, open });
  });
});
