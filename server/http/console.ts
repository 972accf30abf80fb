/**
 * The admin console's files. Until the console is built this is a small page that points to
 * the API; the console itself is a plain client of /apirest.php.
 */
const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Deskbase</title>
<style>body{font:16px system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .3em}</style>
</head><body>
<h1>Deskbase</h1>
<p>The server is running. Its REST API speaks GLPI's protocol at <a href="/apirest.php/"><code>/apirest.php</code></a>.</p>
<p>Open a session: <code>curl -u glpi:PASSWORD http://HOST/apirest.php/initSession</code></p>
</body></html>`;

export function serveConsole(pathname: string): Response {
  if (pathname === '/' || pathname === '/index.html') {
    return new Response(PLACEHOLDER, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  }
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } });
}
