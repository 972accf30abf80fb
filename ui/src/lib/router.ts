import { useEffect, useState } from 'preact/hooks';

/** Hash routes: #/ home, #/Computer list, #/Computer/new, #/Computer/12 (list and tab state in the query). */
export interface Route {
  parts: string[];
  query: URLSearchParams;
}

function parse(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(search) };
}

export function href(parts: (string | number)[], query: Record<string, string | number | boolean | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== false) q.set(k, String(v));
  const s = q.toString();
  return `#/${parts.map((p) => encodeURIComponent(String(p))).join('/')}${s ? `?${s}` : ''}`;
}

export function navigate(parts: (string | number)[], query: Record<string, string | number | boolean | undefined> = {}, replace = false): void {
  const target = href(parts, query);
  if (replace) history.replaceState(null, '', target);
  else location.hash = target;
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parse(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parse(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
