// A select's options `from: url` are fetched by the browser of whoever opens the form, with that person's session:
// the source may only be a GET read of one of this server's list routes, as a same-origin path, so a stored form
// cannot make a viewer log out, save or delete (docs/security.md, round 3 #4). The parser refuses anything else,
// and the web app checks again before it fetches.

/** The read-only GET routes of this server that answer lists, the only ones an option source may name. */
export const FORM_OPTION_READ_ROUTES = ['/api/select/', '/api/system/menu/', '/api/user/list/', '/api/datasources/tables/'] as const;

/** The only method an option source is read with. */
export const FORM_OPTION_METHODS = ['get'] as const;

/**
 * Why `url` is not a same-origin read route, or undefined when it is. A single leading `/`, no backslash (browsers
 * read `/\host` as `//host`), no control character or space, no `//`, no fragment; the URL parser must keep the
 * origin and give back the same path and query, and the path must be one of FORM_OPTION_READ_ROUTES.
 */
export function formOptionUrlProblem(url: string): string | undefined {
  const routes = FORM_OPTION_READ_ROUTES.join(', ');
  const malformed = `must be a path of this server (a single leading /, no backslash, space, control character, // or #) on one of the read routes ${routes}`;
  if (!url.startsWith('/') || url.includes('//') || /[\\\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff#]/.test(url)) return malformed;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://x');
  } catch {
    return malformed;
  }
  if (parsed.origin !== 'http://x' || parsed.pathname + parsed.search !== url) return malformed;
  if (!(FORM_OPTION_READ_ROUTES as readonly string[]).includes(parsed.pathname))
    return `must be one of the read routes ${routes} (options are read with the viewer's session)`;
  return undefined;
}

/** Whether an option source may be fetched: GET of a read route (defence in depth beside the parser). */
export function isFormOptionSourceReadable(source: { url: unknown; method: unknown }): boolean {
  return typeof source.url === 'string' && source.method === 'get' && formOptionUrlProblem(source.url) === undefined;
}

/**
 * The upload routes a form's upload may send its files to, with the multipart field each reads the file from. A file
 * goes with the viewer's session token, so only this server's own upload routes (the same handler today; SPEC.md §7
 * names uploadsOss for object storage), never another route or origin.
 */
export const FORM_UPLOAD_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/api/action/upload/': ['files'],
  '/api/action/uploadsOss/': ['files'],
};

/** Why `action` is not an upload route of FORM_UPLOAD_ROUTES, or undefined when it is. */
export function formUploadActionProblem(action: string): string | undefined {
  if (Object.hasOwn(FORM_UPLOAD_ROUTES, action)) return undefined;
  return `must be one of this server's upload routes ${Object.keys(FORM_UPLOAD_ROUTES).join(', ')} (the file goes with the viewer's session)`;
}

/** Why `fieldName` is not a multipart field that `action` reads, or undefined when it is. */
export function formUploadFieldNameProblem(action: string, fieldName: string): string | undefined {
  const fields = Object.hasOwn(FORM_UPLOAD_ROUTES, action) ? FORM_UPLOAD_ROUTES[action]! : [];
  if (fields.includes(fieldName)) return undefined;
  return `must be a field that ${action} reads the file from: ${fields.join(', ') || '(none)'}`;
}
