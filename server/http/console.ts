import placeholderPage from '../../ui/index.html' with { type: 'text' };

// With type 'text' Bun inlines the file as a string (the HTML-bundle typing does not apply).
const placeholder = placeholderPage as unknown as string;

/**
 * The admin console's files, embedded in the server (and so in the single executable).
 * Until the Preact console is built this is the placeholder page in ui/index.html.
 */
export function serveConsole(pathname: string): Response {
  if (pathname === '/' || pathname === '/index.html') {
    return new Response(placeholder, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  }
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } });
}
