/** common/sms.ts: GSM 03.38 or UCS-2, parts count and concatenated parts with their UDH (docs/decisions/sms-channel.md). */
import { describe, expect, it } from 'vitest';
import { decodeSmsPart, encodeSms, isGsm7, smsEncoding, smsSize } from '../../common/sms';

const join = (text: string) => {
  const sms = encodeSms(text, 42);
  return sms.parts.map((p) => decodeSmsPart(p.octets, sms.dataCoding, p.udh)).join('');
};

describe('encoding', () => {
  it('keeps French text of the GSM table in 7-bit, accents é è à ù included', () => {
    expect(smsEncoding('Votre colis est arrivé à Dakar, réf. AB-12 : 25 € à payer')).toBe('GSM7');
    expect(isGsm7('{[~]}|^\\€')).toBe(true);
  });

  it('switches to UCS-2 for a character outside the table (ç, ê, ô, emoji, Arabic)', () => {
    for (const t of ['Reçu', 'Fenêtre', 'Côte', 'Colis 📦', 'مرحبا']) expect(smsEncoding(t)).toBe('UCS2');
  });
});

describe('parts count', () => {
  it('160 septets in one part, 161 in two of 153', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM7', units: 160, parts: 1, perPart: 160 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM7', units: 161, parts: 2, perPart: 153 });
    expect(smsSize('a'.repeat(306)).parts).toBe(2);
    expect(smsSize('a'.repeat(307)).parts).toBe(3);
  });

  it('an extension character counts two septets', () => {
    expect(smsSize('€'.repeat(80))).toMatchObject({ units: 160, parts: 1 });
    expect(smsSize('€'.repeat(80) + 'a')).toMatchObject({ units: 161, parts: 2 });
  });

  it('70 UCS-2 units in one part, 71 in two of 67; 200 accented characters in 3', () => {
    expect(smsSize('ç'.repeat(70))).toEqual({ encoding: 'UCS2', units: 70, parts: 1, perPart: 70 });
    expect(smsSize('ç'.repeat(71))).toEqual({ encoding: 'UCS2', units: 71, parts: 2, perPart: 67 });
    expect(smsSize('ç'.repeat(200)).parts).toBe(3);
    expect(smsSize('ç'.repeat(201)).parts).toBe(3);
    expect(smsSize('ç'.repeat(202)).parts).toBe(4);
  });

  it('an empty text is one part', () => {
    expect(smsSize('')).toMatchObject({ parts: 1, units: 0 });
  });
});

describe('encodeSms', () => {
  it('one part: no UDH, septets one per octet, data_coding 0', () => {
    const sms = encodeSms('@A€');
    expect(sms.dataCoding).toBe(0);
    expect(sms.parts).toHaveLength(1);
    expect(sms.parts[0]!.udh).toBe(false);
    expect([...sms.parts[0]!.octets]).toEqual([0x00, 0x41, 0x1b, 0x65]);
  });

  it('UCS-2 big-endian, data_coding 8', () => {
    const sms = encodeSms('çé');
    expect(sms.dataCoding).toBe(8);
    expect([...sms.parts[0]!.octets]).toEqual([0x00, 0xe7, 0x00, 0xe9]);
  });

  it('concatenated parts carry the UDH 05 00 03 ref total seq and rebuild the text', () => {
    const text = 'x'.repeat(200);
    const sms = encodeSms(text, 42);
    expect(sms.parts).toHaveLength(2);
    sms.parts.forEach((p, i) => {
      expect(p.udh).toBe(true);
      expect([...p.octets.slice(0, 6)]).toEqual([5, 0, 3, 42, 2, i + 1]);
    });
    expect(sms.parts[0]!.octets.length).toBe(6 + 153);
    expect(join(text)).toBe(text);
  });

  it('never cuts an escape sequence or a surrogate pair between parts', () => {
    const gsm = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    const sms = encodeSms(gsm);
    expect(sms.parts[0]!.octets.length).toBe(6 + 152); // the € moved whole to part 2
    expect(join(gsm)).toBe(gsm);
    const ucs = 'é'.repeat(66) + '📦' + 'ç'.repeat(10);
    const u = encodeSms(ucs);
    expect(u.parts[0]!.octets.length).toBe(6 + 66 * 2);
    expect(join(ucs)).toBe(ucs);
  });

  it('parts announced = parts sent for texts of every length', () => {
    for (let n = 0; n < 700; n += 7) {
      for (const t of ['a'.repeat(n), 'é€'.repeat(n / 2), 'ç'.repeat(n)]) {
        if (smsSize(t).parts > 10) continue;
        expect(encodeSms(t).parts.length).toBe(smsSize(t).parts);
        expect(join(t)).toBe(t);
      }
    }
  });

  it('refuses more than 10 parts', () => {
    expect(() => encodeSms('ç'.repeat(67 * 10 + 1))).toThrow(/10 au plus/);
  });
});
