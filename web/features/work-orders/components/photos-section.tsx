import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PHOTO_STAGES, type WorkOrderPhotoView, type WorkOrderReply } from '../../../../lambdas/shared/contract/answers/work-orders';
import { PhotoThumbnail } from '../../../components/ui/photo-thumbnail';
import { refusalMessage } from '../../../lib/api-client';
import { downloadDocument, openDocumentInNewTab } from '../../../lib/document-link';
import { workOrderText as t } from '../strings';
import { Quiet, Section } from './section';

/** A work order's thumbnails, in pixels (a service request's are smaller: they sit in a list). */
const THUMB = 112;

/** A photo the malware scan has not passed: its name and why it is not shown, never a link. */
function Withheld({ photo }: { photo: WorkOrderPhotoView }) {
  const why = photo.scan === 'clean' ? '' : t.photoScan[photo.scan];
  return (
    <Box data-testid="work-order-photo-withheld" data-scan={photo.scan} sx={{ width: THUMB, minHeight: THUMB, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 1, fontSize: 12, wordBreak: 'break-all' }}>
      <Typography sx={{ fontSize: 12, fontWeight: 600 }}>{photo.fileName}</Typography>
      <Typography sx={{ fontSize: 12, color: 'text.secondary', wordBreak: 'normal' }}>{why}</Typography>
    </Box>
  );
}

/** Before and after photos (issue 43): thumbnails opening the full image; a photo not found clean says why it is not shown. */
export function PhotosSection({ reply }: { reply: WorkOrderReply }) {
  const id = reply.workOrder.id;
  return (
    <Section title={t.photos} testId="work-order-photos">
      {reply.photos.length === 0 ? (
        <Quiet>{t.noPhotos}</Quiet>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {PHOTO_STAGES.map((stage) => {
            const photos = reply.photos.filter((p) => p.stage === stage);
            return (
              <Box key={stage} data-stage={stage}>
                <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {t.stage[stage]}
                </Typography>
                {photos.length === 0 ? (
                  <Quiet>{t.noStagePhotos[stage]}</Quiet>
                ) : (
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                    {photos.map((p, i) => (
                      <Box component="li" key={`${p.fileName}-${i}`} sx={{ width: THUMB }}>
                        {p.url ? (
                          <PhotoThumbnail url={p.url} fileName={p.fileName} alt={t.photoAlt(stage, p.caption, p.fileName, id)} label={t.openPhoto(stage, p.fileName)} testId="work-order-photo" size={THUMB} />
                        ) : (
                          <Withheld photo={p} />
                        )}
                        {p.caption && <Typography sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }}>{p.caption}</Typography>}
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Section>
  );
}

/** The signed service report (a document of the property): View opens it, Download saves it, both through the documents' link. */
export function ReportSection({ reply }: { reply: WorkOrderReply }) {
  const [failed, setFailed] = useState<string | null>(null);
  const r = reply.report;
  const run = (action: () => Promise<void>) => {
    setFailed(null);
    // The server's words for a refusal (a report being checked for malware, or found infected).
    action().catch((err: unknown) => setFailed(refusalMessage(err) ?? t.reportFailed));
  };
  return (
    <Section title={t.report} testId="work-order-report">
      {r ? (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{t.reportLine(r.fileName)}</Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" size="small" aria-label={t.downloadReportLabel(r.fileName)} onClick={() => run(() => downloadDocument(r.key, r.fileName))}>
              {t.downloadReport}
            </Button>
            <Button variant="outlined" size="small" aria-label={t.viewReportLabel(r.fileName)} onClick={() => run(() => openDocumentInNewTab(r.key))}>
              {t.viewReport}
            </Button>
          </Box>
        </Box>
      ) : (
        <Quiet>{t.noReport}</Quiet>
      )}
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failed}
        </Alert>
      )}
    </Section>
  );
}
