import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A signed document: the sidebar's "Quote decisions". */
export function DecisionsIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8l-6-6zm-3.06 16L7.4 14.46l1.41-1.41 2.12 2.12 4.24-4.24 1.41 1.41L10.94 18zM13 9V3.5L18.5 9H13z" />
    </SvgIcon>
  );
}
