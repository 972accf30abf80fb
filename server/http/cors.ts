/** CORS headers as GLPI emits them, computed before anything else. */
export function corsHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const method = request.method.toUpperCase();
  if (request.headers.has('origin')) headers['Access-Control-Allow-Origin'] = '*';
  if (method === 'GET' || method === 'OPTIONS') headers['Access-Control-Expose-Headers'] = 'content-type, content-range, accept-range';
  if (method === 'OPTIONS') {
    if (request.headers.has('access-control-request-method')) {
      headers['Access-Control-Allow-Methods'] = 'PUT, GET, POST, DELETE, OPTIONS, PATCH';
    }
    if (request.headers.has('access-control-request-headers')) {
      headers['Access-Control-Allow-Headers'] = 'origin, content-type, accept, session-token, authorization, app-token';
    }
  }
  return headers;
}
