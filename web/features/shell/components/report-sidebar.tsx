import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { cloneElement, useId, useState, type ReactElement, type ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { ANALYTICS_REPORT_NAME } from '../../../config/constants';
import { groupReports, type NamedReport } from '../shell-logic';
import { shellStrings as s } from '../strings';
import { FolderIcon } from './icons';

export interface ReportSidebarProps<R extends NamedReport> {
  productName: string;
  reports: readonly R[];
  /** The catalogue is being read: its entries' place is kept (ReportPlaceholders), so nothing below them moves when they come. */
  loading?: boolean;
  selectedId: string | null;
  onSelect(report: R): void;
  /** The pointer is over an entry, or it has the keyboard's focus: what it opens may be fetched now. */
  onIntent?(report: R): void;
  onLogo(): void;
  onOpenDocuments(): void;
  /** Beyond the spec: further dialogs under Documents (an administrator's Service Requests). */
  tools?: readonly { label: string; icon: ReactNode; onClick(): void }[];
  /** Beyond the spec: active equipment alerts, shown on the Analytics entry (none: nothing shown). */
  alertCount?: number;
  /** Analytics has been opened by this user: its NEW badge (and hover text) retire. */
  analyticsSeen?: boolean;
}

/**
 * The 'Brand new!' hover text: shows on hover and keyboard focus, and goes at the click (the
 * button keeps the focus after it, which otherwise left the text over the opened report).
 */
function NewTooltip({ children }: { children: ReactElement<{ onClickCapture?: () => void; onMouseLeave?: () => void; onBlur?: () => void }> }) {
  const [open, setOpen] = useState(false);
  // After a click the text stays away (a hover's delayed opening included) until the pointer or the focus leaves.
  const [clicked, setClicked] = useState(false);
  const release = () => setClicked(false);
  return (
    <Tooltip title={s.newBadgeHover} describeChild placement="right" open={open && !clicked} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {cloneElement(children, {
        onClickCapture: () => {
          setClicked(true);
          setOpen(false);
        },
        onMouseLeave: release,
        onBlur: release,
      })}
    </Tooltip>
  );
}

/** One entry's place while the catalogue is read: an entry's height, a grey bar, nothing to announce or click. */
function PlaceholderRow({ indent = false, width }: { indent?: boolean; width: string }) {
  return (
    <ListItem disablePadding aria-hidden="true" data-testid="sidebar-placeholder">
      <Box sx={{ display: 'flex', flex: 1, py: 1, pl: indent ? 4 : 2, pr: 2 }}>
        <ListItemText primary={<Skeleton width={width} />} />
      </Box>
    </ListItem>
  );
}

/**
 * The entries' place while the catalogue is read, in the sidebar order of the spec's fixed list of
 * eight (section 2, "Reports (fixed list of eight)"): four of the default group, the Work History
 * header with its three, then Analytics. A catalogue of that list puts its entries exactly there,
 * so Documents and the tools under it stay where they are when it comes (a click as they come
 * would otherwise land on a report entry). README, "Decisions where the spec is silent".
 */
function ReportPlaceholders() {
  return (
    <>
      {['55%', '45%', '40%', '50%'].map((width, i) => (
        <PlaceholderRow key={`plain-${i}`} width={width} />
      ))}
      <ListItem disablePadding aria-hidden="true" data-testid="sidebar-placeholder" sx={{ display: 'block' }}>
        <Typography variant="overline" component="div" sx={{ px: 2, pt: 1 }}>
          <Skeleton width="50%" />
        </Typography>
        <List disablePadding>
          {['50%', '55%', '65%'].map((width, i) => (
            <PlaceholderRow key={`group-${i}`} indent width={width} />
          ))}
        </List>
      </ListItem>
      <PlaceholderRow width="45%" />
    </>
  );
}

/** The report list: groups (Work History with a header and indented sub-list), then Utilities and Analytics, then Documents. */
export function ReportSidebar<R extends NamedReport>(props: ReportSidebarProps<R>) {
  const { groups, trailing } = groupReports(props.reports);
  const headingId = useId();

  const item = (report: R, indent = false) => {
    const selected = report.id === props.selectedId;
    const isAnalytics = report.name === ANALYTICS_REPORT_NAME;
    const isNew = isAnalytics && !props.analyticsSeen;
    const alerts = isAnalytics ? (props.alertCount ?? 0) : 0;
    const button = (
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={() => props.onSelect(report)}
        onPointerEnter={() => props.onIntent?.(report)}
        onFocus={() => props.onIntent?.(report)}
        sx={{ pl: indent ? 4 : 2 }}
      >
        <ListItemText primary={report.name} />
        {alerts > 0 && (
          <Chip label={s.alertCount(alerts)} aria-label={s.alertCountLabel(alerts)} size="small" color="error" data-testid="sidebar-alert-count" sx={{ ml: 1, fontWeight: 700 }} />
        )}
        {isNew && <Chip label={s.newBadge} size="small" color="secondary" sx={{ ml: 1, fontWeight: 700 }} />}
      </ListItemButton>
    );
    return (
      <ListItem key={report.id} disablePadding>
        {/* The hover text also shows on keyboard focus and describes the entry to screen readers. */}
        {isNew ? (
          <NewTooltip>{button}</NewTooltip>
        ) : (
          button
        )}
      </ListItem>
    );
  };

  return (
    <Box
      component="nav"
      aria-label={s.reportsNav}
      sx={{ width: 240, flexShrink: 0, position: 'sticky', top: 0, alignSelf: 'flex-start', height: '100vh', overflowY: 'auto', borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', display: 'flex', flexDirection: 'column' }}
    >
      <ButtonBase onClick={props.onLogo} aria-label={s.homeTitle} sx={{ p: 2, justifyContent: 'flex-start' }}>
        <Logo productName={props.productName} height={40} />
      </ButtonBase>
      <Divider />
      <List aria-label={s.reportsNav} aria-busy={props.loading ? true : undefined} sx={{ flex: 1, overflowY: 'auto' }}>
        {props.loading && <ReportPlaceholders />}
        {groups.map((group, index) =>
          group.hasHeader ? (
            <ListItem key={group.name} disablePadding sx={{ display: 'block' }}>
              <Typography id={`${headingId}-${index}`} variant="overline" component="div" sx={{ px: 2, pt: 1, color: 'text.secondary', fontWeight: 700 }}>
                {group.name}
              </Typography>
              <List disablePadding aria-labelledby={`${headingId}-${index}`}>
                {group.reports.map((r) => item(r, true))}
              </List>
            </ListItem>
          ) : (
            group.reports.map((r) => item(r))
          ),
        )}
        {trailing.map((r) => item(r))}
        <Box component="li" aria-hidden="true" sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
        <ListItem disablePadding>
          <ListItemButton onClick={props.onOpenDocuments} aria-haspopup="dialog">
            <ListItemIcon sx={{ minWidth: 36 }}>
              <FolderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={s.documents} />
          </ListItemButton>
        </ListItem>
        {props.tools?.map((tool) => (
          <ListItem key={tool.label} disablePadding>
            <ListItemButton onClick={tool.onClick} aria-haspopup="dialog">
              <ListItemIcon sx={{ minWidth: 36 }}>{tool.icon}</ListItemIcon>
              <ListItemText primary={tool.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
