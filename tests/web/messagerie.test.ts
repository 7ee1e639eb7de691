/**
 * Pure pieces of the messaging screens (spec 001 §3 Message "Client list entries: nom, prenoms, telephone,
 * telephoneComplet. Departure entries: reference, dateDebut, modeEnvoiID.code, paysID.libelle"; §8 texts): how a
 * client and a departure read in the searchable selection, the link from a message's counts to its mails, the route
 * keys of the two screens and the French texts the spec gives.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_KEYS } from '../../common/permissions';
import { clientLabel, departLabel } from '../../src/messagerie/MessageCreate';
import { outboxOfMessage } from '../../src/messagerie/MessageList';
import { frenchAppMessages } from '../../src/i18n/fr';
import type { MessageTree } from './helpers';

describe('messaging selection labels', () => {
  it('a client by name, first names and full phone; a departure by reference, date, mode and destination', () => {
    expect(clientLabel({ id: 'c', nom: 'Ndiaye', prenoms: 'Fatou', telephoneComplet: '+221771234567' })).toBe(
      'Ndiaye Fatou — +221771234567',
    );
    expect(clientLabel({ id: 'c', nom: 'Sow', prenoms: null, telephone: '771234567' })).toBe('Sow — 771234567');
    expect(
      departLabel({
        id: 'e',
        reference: 'DEP-2611-0001',
        dateDebut: '2026-11-25',
        modeEnvoiID: { code: 'AERIEN' },
        paysID: { libelle: 'Sénégal' },
      }),
    ).toBe('DEP-2611-0001 — 25/11/2026 — AERIEN — Sénégal');
    expect(departLabel(undefined)).toBe('');
  });

  it("a message's counts open the outbox filtered on its mails", () => {
    const url = new URL(outboxOfMessage('0190-abc'), 'http://x');
    expect(url.pathname).toBe('/mailOutbox');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ messageID: '0190-abc' });
  });
});

describe('messaging keys and texts', () => {
  it('route messagerie needs its own key (001 §6), sending needs addMessage, the outbox mailOutbox', () => {
    expect(RESOURCE_KEYS.messagerie).toEqual({ list: 'messagerie', create: 'addMessage' });
    expect(RESOURCE_KEYS.mailOutbox).toEqual({ list: 'mailOutbox' });
  });

  it("has the spec's texts", () => {
    const m = (frenchAppMessages as MessageTree).resources.messagerie;
    expect(m.page.create).toBe('Nouveau message');
    expect(m.notifications.loading).toBe('Chargement... Veuillez patienter');
    expect(m.notifications.error).toBe("Erreur lors de l'envoi du message. Veuillez réessayer.");
  });
});
