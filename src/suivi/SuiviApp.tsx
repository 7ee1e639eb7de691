/**
 * The public tracking page (docs/decisions/public-tracking.md), in French, for a phone first (390 px): at /suivi a form
 * (parcel reference, last 4 digits of the recipient's phone); at /suivi/{token} (receipt QR code, mail link) the parcel
 * at once. Shows the journey of the parcel (SuiviColisView) or the server's French message.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { SuiviColis } from '../../common/suivi';
import { suiviByReference, suiviByToken } from './api';
import { SuiviColisView } from './SuiviColisView';

/** The token of a /suivi/{token} address, or null. */
function tokenOfPath(pathname: string): string | null {
  const m = /^\/suivi\/([^/]+)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The page: the lookup form or the token's parcel, then the parcel's journey. */
export function SuiviApp() {
  const [token] = useState(() => tokenOfPath(window.location.pathname));
  const [colis, setColis] = useState<SuiviColis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(!!token);
  const [reference, setReference] = useState('');
  const [telephone, setTelephone] = useState('');

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    suiviByToken(token, ctrl.signal)
      .then(setColis)
      .catch((e: Error) => e.name !== 'AbortError' && setError(e.message))
      .finally(() => setLoading(false));
    return () => ctrl.abort();
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim() || !/^\d{4}$/.test(telephone.trim())) {
      setError('Saisissez la référence du colis et les 4 derniers chiffres du téléphone du destinataire.');
      return;
    }
    setLoading(true);
    setError(null);
    try {
      setColis(await suiviByReference(reference, telephone));
    } catch (e) {
      setColis(null);
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const restart = () => {
    setColis(null);
    setError(null);
    setTelephone('');
    if (token) window.location.assign('/suivi');
  };

  return (
    <div className="page">
      <header className="top">
        <h1>Suivi de colis</h1>
      </header>
      <main>
        {colis ? (
          <>
            <SuiviColisView colis={colis} />
            <button type="button" className="secondary" onClick={restart}>
              Suivre un autre colis
            </button>
          </>
        ) : token ? (
          <section className="card" aria-live="polite">
            {loading ? <p>Recherche du colis…</p> : null}
            {error ? (
              <>
                <p className="error" role="alert">
                  {error}
                </p>
                <button type="button" className="secondary" onClick={restart}>
                  Rechercher par référence
                </button>
              </>
            ) : null}
          </section>
        ) : (
          <form className="card" onSubmit={submit} noValidate>
            <p className="hint">Saisissez la référence inscrite sur votre reçu et les 4 derniers chiffres du téléphone du destinataire.</p>
            <label htmlFor="reference">Référence du colis</label>
            <input
              id="reference"
              name="reference"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ex. PAR1-2611-000123"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={60}
            />
            <label htmlFor="telephone">4 derniers chiffres du téléphone du destinataire</label>
            <input
              id="telephone"
              name="telephone"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4}"
              maxLength={4}
              placeholder="ex. 4567"
              value={telephone}
              onChange={(e) => setTelephone(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
            {error ? (
              <p className="error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" disabled={loading}>
              {loading ? 'Recherche…' : 'Suivre mon colis'}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
