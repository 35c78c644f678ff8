//! Colours and styles from the config; with NO_COLOR, emphasis comes from bold,
//! reverse and underline alone.

use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};

use crate::config::ColorConfig;

#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    pub color: bool,
    accent: Color,
    coin: Color,
    cursor: Color,
    hint: Color,
    warning: Color,
    muted: Color,
}

impl Theme {
    /// `no_color` is true when the NO_COLOR environment variable is set and not empty.
    pub fn new(colors: &ColorConfig, no_color: bool) -> Theme {
        let parse = |s: &str| Color::from_str(s).unwrap_or(Color::Reset);
        Theme {
            color: !no_color,
            accent: parse(&colors.accent),
            coin: parse(&colors.coin),
            cursor: parse(&colors.cursor),
            hint: parse(&colors.hint),
            warning: parse(&colors.warning),
            muted: parse(&colors.muted),
        }
    }

    pub fn no_color_requested() -> bool {
        std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(self.accent).add_modifier(Modifier::BOLD)
    }

    pub fn accent(&self) -> Style {
        self.fg(self.accent)
    }

    pub fn coin(&self) -> Style {
        self.fg(self.coin)
    }

    /// The coins or item under the cursor.
    pub fn cursor(&self) -> Style {
        if self.color {
            Style::new().fg(self.cursor).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// A selected menu line.
    pub fn selected(&self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(self.accent)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    pub fn hint(&self) -> Style {
        self.fg(self.hint).add_modifier(Modifier::BOLD)
    }

    pub fn warning(&self) -> Style {
        self.fg(self.warning).add_modifier(Modifier::BOLD)
    }

    pub fn muted(&self) -> Style {
        if self.color {
            Style::new().fg(self.muted)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// The last move, so the eye finds what the AI just did.
    pub fn last_move(&self) -> Style {
        self.fg(self.accent)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    pub fn bold(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }
}
