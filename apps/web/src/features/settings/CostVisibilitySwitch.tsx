import type { TenantView } from '@quotebook/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useUpdateCostVisibilityMutation } from './cost-visibility.api';

export const COST_VISIBILITY_TEXTS = {
  title: 'Costi e margini',
  label: 'Mostra costi e margini agli utenti',
  hint: 'Gli amministratori vedono sempre costi e margini; gli utenti solo se attivo. Non compaiono mai nei documenti per il cliente.',
  shown: 'Costi e margini visibili agli utenti',
  hidden: 'Costi e margini nascosti agli utenti',
  failure: 'Impossibile salvare la visibilità di costi e margini',
} as const;

/**
 * The agency's switch for its users' view of supplier costs and margins, saved as it is flipped
 * (nothing else on the card waits for a Save).
 */
export function CostVisibilitySwitch({ tenant }: { tenant: TenantView }) {
  const [update, { isLoading }] = useUpdateCostVisibilityMutation();
  // the switch moves at once; the agency as read again follows the save
  const [checked, setChecked] = useState(tenant.costVisibleToUsers);
  const toast = useToast();

  const flip = async (costVisibleToUsers: boolean) => {
    setChecked(costVisibleToUsers);
    try {
      const saved = await update({ tenantId: tenant.id, costVisibleToUsers }).unwrap();
      setChecked(saved.costVisibleToUsers);
      toast({ title: 'Success', description: saved.costVisibleToUsers ? COST_VISIBILITY_TEXTS.shown : COST_VISIBILITY_TEXTS.hidden });
    } catch (error) {
      setChecked(!costVisibleToUsers);
      toast({ title: 'Error', description: messageOr(error, COST_VISIBILITY_TEXTS.failure), variant: 'destructive' });
    }
  };

  return (
    <Card component="section" aria-labelledby="cost-visibility-title">
      <CardContent>
        <Typography id="cost-visibility-title" variant="h2" sx={{ mb: 1 }}>
          {COST_VISIBILITY_TEXTS.title}
        </Typography>
        <FormControlLabel
          label={COST_VISIBILITY_TEXTS.label}
          control={<Switch name="costVisibleToUsers" checked={checked} onChange={(event) => void flip(event.target.checked)} disabled={isLoading} />}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {COST_VISIBILITY_TEXTS.hint}
        </Typography>
      </CardContent>
    </Card>
  );
}
