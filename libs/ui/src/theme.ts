import { createTheme } from '@mui/material/styles';

/**
 * The shared MUI theme of both apps. The status colours are darker than MUI's defaults so that white text on a
 * filled chip or toast, and the colour as text on white or the page's grey, reach 4.5:1 (WCAG 1.4.3): MUI's
 * warning (#ed6c02) gives 3.1:1 and its info (#0288d1) 3.9:1.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#8a4b08' },
    error: { main: '#c62828', contrastText: '#fff' }, // 5.6:1 with white
    warning: { main: '#9a4d00', contrastText: '#fff' }, // 6.1:1
    info: { main: '#0369a1', contrastText: '#fff' }, // 5.9:1
    success: { main: '#22692a', contrastText: '#fff' }, // 6.3:1
    background: { default: '#f5f6f8' },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiButton: { defaultProps: { variant: 'contained', disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense', size: 'small' } },
  },
});
