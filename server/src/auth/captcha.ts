import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { AppDb } from '../db/appDatabase.ts';

export const CAPTCHA_LIFE_MS = 120_000;
/** live captchas kept at most (each is a database row); past it new ones are refused until some expire */
export const MAX_LIVE_CAPTCHAS = 5_000;
/** captchas one client may ask for per minute */
export const CAPTCHAS_PER_MINUTE = 60;
const WIDTH = 112;
const HEIGHT = 33;

/** An SVG of 4 digits drawn as paths (not text), with 100 noise dots, 112x33 as SPEC.md §9 gives. */
export function drawCaptcha(): { code: string; svg: string } {
  const made = svgCaptcha.create({
    size: 4,
    charPreset: '0123456789',
    width: WIDTH,
    height: HEIGHT,
    fontSize: 34,
    noise: 2,
    color: true,
    background: '#f2f4f8',
  });
  // the library's random colours can be too pale to read on the light background: digits get dark ones
  const dark = ['#1d39c4', '#c41d7f', '#08979c', '#d4380d', '#531dab', '#389e0d', '#262626'];
  const svg = made.data.replace(/<path fill="#[0-9a-fA-F]{3,6}"/g, () => `<path fill="${dark[crypto.randomInt(dark.length)]}"`);
  let dots = '';
  for (let i = 0; i < 100; i++) {
    const x = crypto.randomInt(WIDTH);
    const y = crypto.randomInt(HEIGHT);
    const c = `rgb(${crypto.randomInt(256)},${crypto.randomInt(256)},${crypto.randomInt(256)})`;
    dots += `<circle cx="${x}" cy="${y}" r="1" fill="${c}"/>`;
  }
  return { code: made.text, svg: svg.replace('</svg>', `${dots}</svg>`) };
}

/** Captchas are kept in the database so that any instance can check them; each is single use. */
export class CaptchaStore {
  constructor(
    private readonly db: AppDb,
    private readonly now: () => number = Date.now,
    private readonly maxLive = MAX_LIVE_CAPTCHAS,
  ) {}

  /** A new captcha, or undefined when MAX_LIVE_CAPTCHAS are live already. */
  async issue(): Promise<{ captchaId: string; image: string; code: string } | undefined> {
    const t = this.now();
    await this.db.deleteFrom('sys_captcha').where('expiresAt', '<', t).execute();
    const live = await this.db
      .selectFrom('sys_captcha')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= this.maxLive) return undefined;
    const { code, svg } = drawCaptcha();
    const captchaId = crypto.randomBytes(16).toString('hex');
    await this.db
      .insertInto('sys_captcha')
      .values({ captchaId, code, expiresAt: t + CAPTCHA_LIFE_MS })
      .execute();
    return { captchaId, code, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * True when the code matches a live captcha; the captcha is used up either way. Only the call whose DELETE removed
   * the row may use it: parallel checks of one captcha (on any number of instances) all read it, but the database
   * lets one delete count (the others wait on its row lock and delete nothing), so one captcha is one login attempt.
   */
  async check(captchaId: unknown, code: unknown): Promise<boolean> {
    if (typeof captchaId !== 'string' || captchaId.length > 40) return false;
    const row = await this.db.selectFrom('sys_captcha').select(['code', 'expiresAt']).where('captchaId', '=', captchaId).executeTakeFirst();
    if (!row) return false;
    const deleted = await this.db.deleteFrom('sys_captcha').where('captchaId', '=', captchaId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    return Number(row.expiresAt) >= this.now() && typeof code === 'string' && code.trim() === row.code;
  }
}
