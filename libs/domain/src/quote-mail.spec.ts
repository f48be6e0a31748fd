import { quoteMail, scheduleLines } from './quote-mail';

const input = {
  language: 'it',
  agencyName: 'Agenzia Sole',
  logoUrl: null,
  customerName: 'Hotel Mare',
  quoteNumber: '2026/0007',
  revision: 1,
  expiryDate: '2026-05-31',
  link: 'https://quotebook.example/q/abc',
  message: null,
  senderName: 'Anna',
};

describe(scheduleLines.name, () => {
  it.each([
    ['it', ['Acconto € 300,00 alla conferma', 'Saldo € 1.234,50 entro il 15/06/2026']],
    ['en', ['Deposit € 300,00 on confirmation', 'Balance € 1.234,50 by 15/06/2026']],
    ['de', ['Anzahlung € 300,00 bei Bestätigung', 'Restzahlung € 1.234,50 bis 15/06/2026']],
    ['fr', ['Acompte € 300,00 à la confirmation', 'Solde € 1.234,50 avant le 15/06/2026']],
    ['es', ['Anticipo € 300,00 a la confirmación', 'Saldo € 1.234,50 antes del 15/06/2026']],
    ['pt', ['Acconto € 300,00 alla conferma', 'Saldo € 1.234,50 entro il 15/06/2026']],
  ])('writes the schedule in %s', (language, lines) => {
    expect(scheduleLines(language, { depositAmount: '300.00', balanceAmount: '1234.50', balanceDueDate: '2026-06-15' })).toEqual(lines);
  });

  it('says nothing without a deposit, and no date without one', () => {
    expect(scheduleLines('it', null)).toEqual([]);
    expect(scheduleLines('it', { depositAmount: '10.00', balanceAmount: '90.00', balanceDueDate: null })).toEqual(['Acconto € 10,00 alla conferma', 'Saldo € 90,00']);
  });
});

describe(quoteMail.name, () => {
  it('carries the schedule in the text and the HTML when a deposit is asked', () => {
    const mail = quoteMail({ ...input, schedule: { depositAmount: '300.00', balanceAmount: '700.00', balanceDueDate: '2026-06-15' } });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Acconto € 300,00 alla conferma');
      expect(body).toContain('Saldo € 700,00 entro il 15/06/2026');
    }
  });

  it('has no schedule when none is asked', () => {
    const mail = quoteMail(input);
    expect(mail.text).not.toContain('Acconto');
    expect(mail.html).not.toContain('Saldo');
  });
});
