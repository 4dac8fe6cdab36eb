// Where the time of one typed URL goes (scripts/bench-pages.mjs --breakdown), counted in what the machine's load does
// not change: the requests made before the page was usable (code, styles, API calls; bytes on the wire and
// unpacked), how many waves of requests the page waited for one after the other (its critical chain), and the main
// thread's own CPU time (Chromium's thread clock, not the wall clock: on a busy machine a task takes longer, but its
// CPU time barely moves) split into script, style and layout, with the tasks over 50 ms.
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'v8',
  'blink.user_timing',
  'loading',
];

/**
 * Starts watching a page before its navigation: the network through the DevTools protocol (every request, what
 * started it: the parser, a script, a preload) and, when `browser` is given, a trace of the renderer's main thread.
 * `done(usableMs)` stops and answers the breakdown.
 */
export async function watchLoad(browser, context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // async stacks: a fetch started in a promise callback names the code that scheduled it
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, initiator: e.initiator, end: undefined, bytes: 0, cached: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) r.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.decoded = (r.decoded ?? 0) + e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.end = e.timestamp;
    r.bytes = e.encodedDataLength;
  });
  if (browser) await browser.startTracing(page, { categories: CATEGORIES });

  return async function done(usableMs) {
    // the page's clock: performance.timeOrigin in ms since the epoch; the protocol's timestamps are monotonic seconds
    const trace = browser ? JSON.parse((await browser.stopTracing()).toString('utf8')) : undefined;
    await cdp.detach().catch(() => undefined);
    const all = [...requests.values()];
    const navigation = all.find((r) => r.type === 'Document');
    const t0 = navigation?.start ?? 0;
    const usable = t0 + usableMs / 1000;
    const before = all.filter((r) => r.end !== undefined && r.end <= usable + 0.001);
    return {
      waterfall: all
        .filter((r) => r.end !== undefined)
        .map(
          (r) =>
            `${((r.start - t0) * 1000).toFixed(0).padStart(5)} ${((r.end - t0) * 1000).toFixed(0).padStart(5)} ${r.cached ? 'c' : ' '} ${shortName(r.url)}`,
        ),
      requests: summarize(before, t0),
      chain: criticalChain(before, t0),
      thread: trace ? mainThread(trace, navigation?.url, usableMs) : undefined,
      t0,
    };
  };
}

const kind = (r) =>
  r.url.includes('/api/') ? 'api' : r.type === 'Document' ? 'html' : r.url.endsWith('.css') ? 'css' : r.url.endsWith('.js') ? 'js' : 'other';
const shortName = (url) => {
  const u = new URL(url);
  if (u.pathname.startsWith('/api/')) return u.pathname + (u.searchParams.get('_flag') ? `?_flag=${u.searchParams.get('_flag')}` : '');
  return u.pathname.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '.$1');
};

function summarize(list, t0) {
  const by = { html: [], js: [], css: [], api: [], other: [] };
  for (const r of list) by[kind(r)].push(r);
  const sum = (xs, f) => xs.reduce((s, x) => s + f(x), 0);
  const out = {};
  for (const [k, xs] of Object.entries(by)) {
    if (xs.length === 0) continue;
    out[k] = {
      count: xs.length,
      cached: xs.filter((r) => r.cached).length,
      wireKb: sum(xs, (r) => r.bytes) / 1024,
      kb: sum(xs, (r) => r.decoded ?? 0) / 1024,
      uncompressed: xs.filter((r) => !r.cached && (r.decoded ?? 0) > 1024 && !r.encoding).map((r) => shortName(r.url)),
    };
  }
  if (out.api) out.api.calls = by.api.map((r) => `${shortName(r.url)} ${((r.start - t0) * 1000).toFixed(0)}-${((r.end - t0) * 1000).toFixed(0)}`);
  return out;
}

/**
 * Each request's parent: what had to arrive before it could be asked for, estimated from the order of the requests.
 * Chromium names no initiator for a module's fetch (an import() or a modulepreload: "about:client"), so a script's
 * or a stylesheet's parent is the last script (or the document) that had arrived when it was asked for; an API call's
 * is the last of the scripts on its (async) stack and the API calls answered before it was made (a page's rows wait
 * for its metadata). The longest chain of parents is the number of waves the page waited for one after the other.
 */
function criticalChain(list, t0) {
  const stackUrls = (stack) => {
    const urls = new Set();
    for (let s = stack; s; s = s.parent) for (const f of s.callFrames ?? []) if (f.url) urls.add(f.url);
    return urls;
  };
  const EPS = 0.0005;
  // the files one import() asks for are asked for in one go (Vite's preload helper): a wave starts with its first
  const batchStart = new Map();
  let previous;
  for (const r of list.filter((x) => kind(x) === 'js' || kind(x) === 'css').sort((a, b) => a.start - b.start)) {
    batchStart.set(r, previous && r.start - previous.start <= 0.015 ? batchStart.get(previous) : r.start);
    previous = r;
  }
  const parentOf = (r) => {
    const k = kind(r);
    if (k === 'html') return undefined;
    const onStack = stackUrls(r.initiator?.stack);
    const asked = batchStart.get(r) ?? r.start;
    const candidates = list.filter((p) => {
      if (p === r || p.end > asked + EPS) return false;
      const pk = kind(p);
      if (pk === 'html' || pk === 'js') return k !== 'api' || onStack.has(p.url) || onStack.size === 0;
      return k === 'api' && pk === 'api';
    });
    return candidates.sort((a, b) => b.end - a.end)[0];
  };
  const depth = new Map();
  const depthOf = (r) => {
    if (!depth.has(r)) {
      const p = parentOf(r);
      depth.set(r, p ? depthOf(p) + 1 : 1);
    }
    return depth.get(r);
  };
  let last;
  for (const r of list) if (kind(r) !== 'other' && (!last || r.end > last.end)) last = r;
  const chain = [];
  for (let r = last; r; r = parentOf(r)) chain.unshift(`${shortName(r.url)} (${((r.start - t0) * 1000).toFixed(0)}-${((r.end - t0) * 1000).toFixed(0)})`);
  const waves = Math.max(0, ...list.filter((r) => kind(r) !== 'other').map((r) => depthOf(r)));
  return { waves, last: chain };
}

/** The renderer main thread's CPU time from navigation to usable, by kind of work, and its tasks over 50 ms. */
function mainThread(trace, url, usableMs) {
  const events = trace.traceEvents ?? trace;
  // the renderer of the navigation (a typed URL may move the tab to another process than its about:blank)
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!nav) return undefined;
  const tidEvent = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  if (!tidEvent) return undefined;
  const onMain = events.filter((e) => e.pid === tidEvent.pid && e.tid === tidEvent.tid && e.ph === 'X' && typeof e.dur === 'number');
  const start = nav.ts;
  const end = start + usableMs * 1000;
  const inWindow = onMain.filter((e) => e.ts >= start && e.ts <= end);
  const tasks = inWindow.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const cpu = (e) => (e.tdur ?? e.dur) / 1000;
  const total = tasks.reduce((s, e) => s + cpu(e), 0);
  // kinds of work, counted without nesting: an event inside one of the same kind is not counted again
  const kinds = {
    script: [
      'v8.evaluateModule',
      'EvaluateScript',
      'FunctionCall',
      'RunMicrotasks',
      'TimerFire',
      'EventDispatch',
      'FireAnimationFrame',
      'FireIdleCallback',
      'v8.callFunction',
    ],
    compile: ['v8.compileModule', 'v8.compile', 'V8.CompileCode', 'V8.CompileLazy'],
    gc: ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC'],
    style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet'],
    layout: ['Layout'],
    paint: ['Paint', 'PrePaint', 'Layerize', 'Commit'],
  };
  const out = { cpuMs: total, wallMs: tasks.reduce((s, e) => s + e.dur / 1000, 0) };
  for (const [k, names] of Object.entries(kinds)) {
    const xs = inWindow.filter((e) => names.includes(e.name)).sort((a, b) => a.ts - b.ts);
    let sum = 0;
    let coveredUntil = -1;
    for (const e of xs) {
      if (e.ts < coveredUntil) continue;
      sum += cpu(e);
      coveredUntil = e.ts + e.dur;
    }
    out[`${k}Ms`] = sum;
  }
  out.longTasks = tasks.filter((e) => e.dur >= 50_000).map((e) => Math.round(cpu(e)));
  return out;
}

/** One line per figure, for the bench's output. */
export function formatBreakdown(path, b) {
  const r = b.requests;
  const part = (k) => (r[k] ? `${r[k].count} ${k}${r[k].cached ? ` (${r[k].cached} cached)` : ''} ${r[k].wireKb.toFixed(0)}/${r[k].kb.toFixed(0)} KB` : '');
  const lines = [`  /manage/${path}: ${['js', 'css', 'api', 'html'].map(part).filter(Boolean).join(', ')} (wire/unpacked); ${b.chain.waves} waves`];
  if (b.thread) {
    const t = b.thread;
    lines.push(
      `    main thread CPU ${t.cpuMs.toFixed(0)} ms: script ${t.scriptMs.toFixed(0)} (compile ${t.compileMs.toFixed(0)}, gc ${t.gcMs.toFixed(0)}), style ${t.styleMs.toFixed(0)}, layout ${t.layoutMs.toFixed(0)}, paint ${t.paintMs.toFixed(0)}; tasks over 50 ms: ${t.longTasks.join(', ') || 'none'}`,
    );
  }
  if (r.api) lines.push(`    calls: ${r.api.calls.join('; ')}`);
  lines.push(`    last chain: ${b.chain.last.join(' -> ')}`);
  const unpacked = Object.values(r).flatMap((x) => x.uncompressed ?? []);
  if (unpacked.length) lines.push(`    sent uncompressed: ${unpacked.join(', ')}`);
  return lines.join('\n');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The medians over the pages of one kind of load, one line. */
export function summarizeBreakdowns(list) {
  const of = (f) => median(list.map(({ breakdown: b }) => f(b) ?? 0));
  const t = (k) => of((b) => b.thread?.[k]);
  return [
    `  median of the pages: ${of((b) => b.requests.js?.count)} JS files (${of((b) => b.requests.js?.wireKb).toFixed(0)} KB on the wire, ${of((b) => b.requests.js?.kb).toFixed(0)} KB unpacked),`,
    `${of((b) => b.requests.css?.count)} stylesheets, ${of((b) => b.requests.api?.count)} API calls, ${of((b) => b.chain.waves)} waves;`,
    list.some(({ breakdown: b }) => b.thread)
      ? `main thread CPU ${t('cpuMs').toFixed(0)} ms (script ${t('scriptMs').toFixed(0)}, style ${t('styleMs').toFixed(0)}, layout ${t('layoutMs').toFixed(0)}), ${of((b) => b.thread?.longTasks.length)} tasks over 50 ms`
      : 'main thread not traced',
  ].join(' ');
}
