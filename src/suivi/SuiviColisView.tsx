/**
 * A parcel's journey on the public tracking page (docs/decisions/public-tracking.md): status and reference, the status
 * timeline with dates (oldest first), departure and expected arrival, origin and destination, where to collect it, the
 * amount still due in the parcel's currency, the parties' initials only, and once handed over 'Retiré le dd/MM/yyyy à
 * l'agence …' (never who took it: docs/decisions/release-proof.md). Dates dd/MM/yyyy (Europe/Paris), amounts
 * with common/format.ts formatMontant ('12,50 €', '6 560 F CFA'; docs/decisions/currencies.md).
 */
import { formatMontant } from '../../common/format';
import type { SuiviColis, SuiviLieu } from '../../common/suivi';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** An instant's day in Paris, dd/MM/yyyy. */
const calendarOf = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
/** An agency's name after "l'agence" ('Agence Dakar Plateau' → 'Dakar Plateau'). */
const sansAgence = (libelle: string) => libelle.replace(/^agence\s+/i, '');
/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
const calendarFr = (iso: string) => iso.split('-').reverse().join('/');
/** City, country ('Dakar, Sénégal'), or '—'. */
const place = (l: SuiviLieu) => [l.ville, l.pays].filter(Boolean).join(', ') || '—';

/** One labelled value of the details list. */
function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="item">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The journey of one parcel. */
export function SuiviColisView({ colis }: { colis: SuiviColis }) {
  const last = colis.etapes.length - 1;
  return (
    <>
      <section className="card" aria-labelledby="colis-ref">
        <p className="muted">Colis</p>
        <h2 id="colis-ref">{colis.reference}</h2>
        <p className="status" data-testid="suivi-statut">
          {colis.statut.libelle}
        </p>
        {colis.remise ? (
          <p data-testid="suivi-remise">
            {colis.remise.statut === 'RETIRE' ? 'Retiré' : 'Livré'} le {calendarOf(colis.remise.date)}
            {colis.remise.agence ? ` ${colis.remise.statut === 'RETIRE' ? 'à' : 'par'} l'agence ${sansAgence(colis.remise.agence)}` : ''}
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="etapes-title">
        <h3 id="etapes-title">Étapes</h3>
        <ol className="timeline" aria-label="Étapes du colis">
          {colis.etapes.map((e, i) => (
            <li key={`${e.date}-${i}`} className={i === last ? 'current' : undefined}>
              <span className="label">{e.statut.libelle}</span>
              <time dateTime={e.date}>{dateTime.format(new Date(e.date)).replace(' ', ' à ')}</time>
            </li>
          ))}
        </ol>
      </section>

      <section className="card" aria-labelledby="trajet-title">
        <h3 id="trajet-title">Trajet</h3>
        <dl>
          <Item label="Origine" value={place(colis.origine)} />
          <Item label="Destination" value={place(colis.destination)} />
          <Item label="Départ" value={calendarFr(colis.dateDepart)} />
          <Item label="Arrivée prévue" value={calendarFr(colis.dateArriveePrevue)} />
          {colis.modeEnvoi ? <Item label="Mode d'envoi" value={colis.modeEnvoi} /> : null}
          {colis.modeLivraison ? <Item label="Récupération" value={colis.modeLivraison.trim()} /> : null}
          {colis.agenceRetrait ? (
            <Item
              label="Agence de retrait"
              value={[colis.agenceRetrait.libelle, colis.agenceRetrait.ville].filter(Boolean).join(', ')}
              testId="suivi-agence"
            />
          ) : null}
        </dl>
      </section>

      <section className="card" aria-labelledby="paiement-title">
        <h3 id="paiement-title">Paiement et personnes</h3>
        <dl>
          <Item label="Reste à payer" value={formatMontant(colis.resteAPayer, colis.devise)} testId="suivi-reste" />
          <Item label="Expéditeur" value={colis.expediteur || '—'} />
          <Item label="Destinataire" value={colis.destinataire || '—'} />
        </dl>
      </section>
    </>
  );
}
