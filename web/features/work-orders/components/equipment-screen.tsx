import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { AssetHistoryReply, HistoryEntry } from '../../../../lambdas/shared/contract/answers/assets';
import { titleCase } from '../../../components/text/display-name';
import { openDocumentInNewTab } from '../../../lib/document-link';
import { useAssetHistory } from '../api/get-asset-history';
import { analyticsPath, openedFrom, quotePath, workOrderPath } from '../paths';
import { equipmentText as t, workOrderText } from '../strings';
import { dayText, money, when } from '../work-order-text';
import { RecordScreen } from './record-screen';
import { Facts, Quiet, Section } from './section';

/** The unit's facts, those it has. */
function factsOf(reply: AssetHistoryReply): [string, string][] {
  const a = reply.asset;
  const rows: [string, string][] = [
    [t.fields.type, a.assetType],
    [t.fields.makeModel, [a.make, a.model].filter(Boolean).join(' ')],
    [t.fields.serial, a.serial],
    [t.fields.installed, a.installedOn ? dayText(a.installedOn, a.timeZone) : ''],
    [t.fields.condition, a.condition],
    [t.fields.property, titleCase(a.propertyName)],
    [t.fields.telemetry, a.equipmentId ? t.monitored(a.equipmentId) : t.notMonitored],
  ];
  return rows.filter(([, v]) => v);
}

const KIND_COLOUR = { 'work-order': 'primary', quote: 'default', alert: 'error', document: 'default' } as const;

/** One entry: its kind and date, then what it is, with a way to open it where a screen exists. */
function Entry({ e, zone }: { e: HistoryEntry; zone: string }) {
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const facts = [e.status, e.amount !== null && e.amount > 0 ? money(e.amount) : '', e.detail].filter(Boolean).join(' · ');
  return (
    <Box component="li" data-entry={e.kind} data-id={e.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 1, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box>
        <Chip size="small" label={t.kind[e.kind]} color={KIND_COLOUR[e.kind]} variant={e.kind === 'document' ? 'outlined' : 'filled'} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {when(e.date, zone)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {e.kind === 'work-order' && (
          <Link component={RouterLink} to={workOrderPath(e.id)} state={openedFrom(location)} aria-label={t.openWorkOrder(e.id)} sx={{ fontWeight: 600 }}>
            {e.id}
          </Link>
        )}
        {e.kind === 'quote' && (
          <Link component={RouterLink} to={quotePath(e.id)} aria-label={t.openQuote(e.id)} sx={{ fontWeight: 600 }}>
            {e.id}
          </Link>
        )}
        {e.kind === 'document' ? (
          <Link
            component="button"
            type="button"
            aria-label={t.openDocument(e.title)}
            onClick={() => {
              setFailed(false);
              openDocumentInNewTab(e.id).catch(() => setFailed(true));
            }}
            sx={{ fontWeight: 600, textAlign: 'left', wordBreak: 'break-word' }}
          >
            {e.title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: e.kind === 'alert' ? 600 : 400 }}>{e.title}</Typography>
        )}
        {facts && <Quiet>{facts}</Quiet>}
        {e.workOrderId && (
          <Quiet>
            {t.forWorkOrder}{' '}
            <Link component={RouterLink} to={workOrderPath(e.workOrderId)} state={openedFrom(location)} aria-label={t.openWorkOrder(e.workOrderId)}>
              {e.workOrderId}
            </Link>
          </Quiet>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t.documentFailed}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** The equipment history screen (issue 43, item 5): the asset and its work orders, quotes, alerts and documents, newest first. */
export function EquipmentScreen({ assetId, email }: { assetId: string; email: string | null }) {
  const query = useAssetHistory(assetId, email);
  return (
    <RecordScreen query={query} title={query.data ? t.title(query.data.asset.name) : t.titleLoading(assetId)} text={t}>
      {(reply) => (
        <>
          <Section title={workOrderText.equipment} testId="equipment-details">
            <Facts rows={factsOf(reply)} columns={2} testId="equipment-facts" />
            {reply.asset.equipmentId && (
              <Quiet>
                <Link component={RouterLink} to={analyticsPath(reply.asset.equipmentId)} aria-label={t.openReadingsLabel(reply.asset.name)}>
                  {t.openReadings}
                </Link>
              </Quiet>
            )}
          </Section>
          <Section title={t.timeline} testId="equipment-timeline">
            {reply.timeline.length === 0 ? (
              <Quiet>{t.empty}</Quiet>
            ) : (
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {reply.timeline.map((e) => (
                  <Entry key={`${e.kind}:${e.id}`} e={e} zone={reply.asset.timeZone} />
                ))}
              </Box>
            )}
          </Section>
        </>
      )}
    </RecordScreen>
  );
}
