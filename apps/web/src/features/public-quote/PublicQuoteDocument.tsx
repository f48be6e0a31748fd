import type { PublicQuoteView, RevisionItemView } from '@quotebook/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { formatCents } from '@quotebook/domain';
import { figuresWithChoice, formatDay, formatMoney, participantsText, scheduleTexts, vatGroupText, vatLabelText } from './public-quote-format';
import type { PublicQuoteLabels } from './public-quote-labels';
import { SafeHtml } from './SafeHtml';

interface PublicQuoteDocumentProps {
  view: PublicQuoteView;
  labels: PublicQuoteLabels;
  pdfUrl: string;
  /** the optional lines ticked (their itemId) */
  chosen: readonly string[];
  /** ticks or unticks an optional line; absent once the quote is answered or expired */
  onToggle?: (itemId: string) => void;
}

const line = (...parts: (string | null | undefined)[]) => parts.filter((part) => part && part.trim()).join(' ');

/** Label and amount side by side, the amount aligned right (a row of the totals). */
function FigureRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
        {amount}
      </Typography>
    </Box>
  );
}

/** One service: its texts, participants (free places beside them) and price per person, and its total; an optional one with its tick box. */
function ServiceLine({ item, labels, language, choice }: { item: RevisionItemView; labels: PublicQuoteLabels; language: string; choice?: { checked: boolean; onToggle?: () => void } }) {
  const money = (value: string) => formatMoney(value, language);
  const vat = vatLabelText(item.vatLabel, item.vatRate, labels);
  return (
    <Box
      component="li"
      aria-label={item.title}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      {choice && (
        <Checkbox
          checked={choice.checked}
          disabled={!choice.onToggle}
          onChange={() => choice.onToggle?.()}
          slotProps={{ input: { 'aria-label': labels.addOptional(item.title) } }}
          sx={{ alignSelf: 'flex-start', p: 0.5 }}
        />
      )}
      <Box sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
        {item.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {item.description}
          </Typography>
        )}
        <Typography variant="body2">{participantsText(item, labels)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {line(`${money(item.unitPrice)} ${labels.perPerson}`, vat ? `· ${vat}` : null)}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', ml: 'auto' }}>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {labels.lineTotal}
        </Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(item.grossPrice)}</Typography>
      </Box>
    </Box>
  );
}

/**
 * The quote as its customer reads it: the agency, the customer, each service with its participants and
 * price per person, the VAT by rate, the totals, the optional services apart (ticked to be added, the
 * total with them shown), the deposit and balance, the templates' texts and the PDF. Lines are stacked
 * rather than tabled, so a phone shows them whole without sideways scrolling.
 */
export function PublicQuoteDocument({ view, labels, pdfUrl, chosen, onToggle }: PublicQuoteDocumentProps) {
  const { agency, customer, quote, language, total } = view;
  const money = (value: string) => formatMoney(value, language);
  const adjustment = total.adjustment === null ? null : Number(total.adjustment);
  const included = view.items.filter((item) => !item.optional);
  const optional = view.items.filter((item) => item.optional);
  const figures = figuresWithChoice(view, chosen);
  const schedule = scheduleTexts(view, chosen, labels, language);
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-labelledby="public-quote-title">
      <Box component="header" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TenantLogo name={agency.name} logoUrl={agency.logoUrl} size={72} />
        <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="h2" component="p">
            {agency.name}
          </Typography>
          {[agency.address, agency.vatNumber, agency.phone, agency.email, agency.website].filter(Boolean).map((detail) => (
            <Typography key={detail} variant="body2" sx={{ color: 'text.secondary' }}>
              {detail}
            </Typography>
          ))}
        </Box>
      </Box>

      <Divider sx={{ my: 3 }} />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="h1" id="public-quote-title">
            {`${labels.quote} #${quote.shortId}`}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {line(quote.number, `${labels.revision} ${view.revision}`)}
          </Typography>
          {quote.subject && <Typography sx={{ mt: 1 }}>{quote.subject}</Typography>}
          <Box component="dl" sx={{ m: 0, mt: 1 }}>
            <FigureRow label={labels.serviceDate} amount={formatDay(quote.serviceDate, language)} />
            <FigureRow label={labels.expiryDate} amount={formatDay(quote.expiryDate, language)} />
          </Box>
        </Box>
        <Box aria-label={labels.customer} role="group" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {labels.customer}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{line(customer.title, customer.name)}</Typography>
          {customer.address && <Typography variant="body2">{customer.address}</Typography>}
          {(customer.postalCode || customer.city) && <Typography variant="body2">{line(customer.postalCode, customer.city)}</Typography>}
          {customer.country && <Typography variant="body2">{customer.country}</Typography>}
        </Box>
      </Box>

      <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1 }}>
        {labels.services}
      </Typography>
      <Box component="ul" aria-label={labels.services} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {included.map((item) => (
          <ServiceLine key={item.itemId || item.productId} item={item} labels={labels} language={language} />
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        {view.vatSummary.length > 0 ? (
          <Box component="section" aria-label={labels.vatSummary} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
              {labels.vatSummary}
            </Typography>
            <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem', '& th, & td': { py: 0.5, pr: 1 }, '& th': { textAlign: 'left', color: 'text.secondary', fontWeight: 600 }, '& .amount': { textAlign: 'right', whiteSpace: 'nowrap' } }}>
              <thead>
                <tr>
                  <th scope="col">{labels.vatRate}</th>
                  <th scope="col" className="amount">
                    {labels.taxable}
                  </th>
                  <th scope="col" className="amount">
                    {labels.vat}
                  </th>
                  <th scope="col" className="amount">
                    {labels.lineTotal}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.vatSummary.map((group) => (
                  <tr key={group.rate ?? 'none'}>
                    <td>{vatGroupText(group.rate, labels, language)}</td>
                    <td className="amount">{money(group.net)}</td>
                    <td className="amount">{money(group.vat)}</td>
                    <td className="amount">{money(group.gross)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        ) : (
          <span />
        )}
        <Box component="dl" aria-label={labels.totalVatIncluded} sx={{ m: 0 }}>
          <FigureRow label={labels.taxable} amount={money(total.net)} />
          <FigureRow label={labels.vat} amount={money(total.vat)} />
          {Number(total.consumptions) > 0 && <FigureRow label={labels.consumptions} amount={money(total.consumptions)} />}
          {adjustment !== null && adjustment !== 0 && (
            <FigureRow label={adjustment < 0 ? labels.discount : labels.rounding} amount={money(total.adjustment as string)} />
          )}
          <Divider sx={{ my: 0.5 }} />
          <FigureRow label={labels.totalVatIncluded} amount={money(total.gross)} strong={figures.chosenCents === 0} />
          {figures.chosenCents > 0 && (
            <>
              <FigureRow label={labels.chosenOptional} amount={`+${money(formatCents(figures.chosenCents))}`} />
              <FigureRow label={labels.totalWithChoice} amount={money(formatCents(figures.totalCents))} strong />
            </>
          )}
        </Box>
      </Box>

      {optional.length > 0 && (
        <Box component="section" aria-label={labels.optionalServices} sx={{ mt: 4 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {labels.optionalServices}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {onToggle ? `${labels.optionalNote} ${labels.optionalHint}` : labels.optionalNote}
          </Typography>
          <Box component="ul" aria-label={labels.optionalServices} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {optional.map((item) => (
              <ServiceLine
                key={item.itemId}
                item={item}
                labels={labels}
                language={language}
                choice={{ checked: chosen.includes(item.itemId), onToggle: onToggle ? () => onToggle(item.itemId) : undefined }}
              />
            ))}
          </Box>
        </Box>
      )}

      {schedule.length > 0 && (
        <Box component="section" aria-label={labels.paymentTerms} sx={{ mt: 4 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {labels.paymentTerms}
          </Typography>
          {schedule.map((text) => (
            <Typography key={text}>{text}</Typography>
          ))}
        </Box>
      )}

      {view.templates.map((template, index) => (
        <Box component="section" key={`${template.templateType}-${index}`} sx={{ mt: 4 }} aria-label={template.title || template.templateType}>
          {template.title && (
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {template.title}
            </Typography>
          )}
          <SafeHtml html={template.content} />
        </Box>
      ))}

      <Box sx={{ mt: 4 }}>
        <Button variant="outlined" component="a" href={pdfUrl} download startIcon={<DownloadIcon />}>
          {labels.downloadPdf}
        </Button>
      </Box>
    </Paper>
  );
}
