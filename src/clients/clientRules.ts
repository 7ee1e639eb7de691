/**
 * Pure rules of the clients screens (spec 000 §2 clientUpdate; 001 §3 User "email (read-only in edit), telephone
 * (read-only in edit)", §7 "PUT user/update/{id} nom, prenoms, adresse …"): what an edit sends.
 */

/**
 * The body of a client's edit (PUT user/update/{id}): nom, prenoms and adresse, trimmed; the phone (which identifies
 * the client) and the e-mail are read-only, and nothing else of the record is sent.
 */
export function clientUpdateBody(data: Record<string, unknown>): { nom: string; prenoms: string; adresse: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return { nom: text(data.nom), prenoms: text(data.prenoms), adresse: text(data.adresse) };
}
