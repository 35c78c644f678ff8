//! Colours and styles from the config: a theme preset (dark, light, Okabe-Ito, mono),
//! each colour replaceable. With NO_COLOR or the mono theme, emphasis comes from bold,
//! reverse and underline alone.

use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};

use crate::config::{ColorConfig, ThemePreset};

/// A preset's six colours: accent, coin, cursor, hint, warning, muted.
struct Palette([Color; 6]);

impl Palette {
    fn of(preset: ThemePreset) -> Palette {
        let rgb = |hex: u32| Color::Rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8);
        Palette(match preset {
            // Mono draws no colour; its palette is never used.
            ThemePreset::Dark | ThemePreset::Mono => [
                Color::Cyan,
                Color::Yellow,
                Color::LightMagenta,
                Color::LightGreen,
                Color::LightRed,
                Color::DarkGray,
            ],
            // Dark enough to read on white: the light- variants and yellow are not.
            ThemePreset::Light => [
                Color::Blue,
                rgb(0x9a6700),
                Color::Magenta,
                rgb(0x1a7f37),
                Color::Red,
                rgb(0x6e7781),
            ],
            // Okabe & Ito, "Color Universal Design" (2002): sky blue, orange, reddish
            // purple, bluish green, vermillion; grey for what is muted.
            ThemePreset::OkabeIto => [
                rgb(0x56b4e9),
                rgb(0xe69f00),
                rgb(0xcc79a7),
                rgb(0x009e73),
                rgb(0xd55e00),
                rgb(0x8c8c8c),
            ],
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    pub color: bool,
    /// Whether screens draw the frames of an animation (see `tui::animation`): asked
    /// for in the config, and never without colour.
    pub animate: bool,
    accent: Color,
    coin: Color,
    cursor: Color,
    hint: Color,
    warning: Color,
    muted: Color,
    /// Text drawn on the accent colour (a selected line).
    on_accent: Color,
}

impl Theme {
    /// `no_color` is true when the NO_COLOR environment variable is set and not empty.
    pub fn new(colors: &ColorConfig, no_color: bool) -> Theme {
        let Palette([accent, coin, cursor, hint, warning, muted]) = Palette::of(colors.theme);
        // A colour the config sets replaces the theme's (validated when the config
        // was read; an unreadable one keeps the theme's).
        let pick = |set: &Option<String>, theme: Color| {
            set.as_deref()
                .and_then(|s| Color::from_str(s).ok())
                .unwrap_or(theme)
        };
        Theme {
            color: !no_color && colors.theme != ThemePreset::Mono,
            animate: false,
            accent: pick(&colors.accent, accent),
            coin: pick(&colors.coin, coin),
            cursor: pick(&colors.cursor, cursor),
            hint: pick(&colors.hint, hint),
            warning: pick(&colors.warning, warning),
            muted: pick(&colors.muted, muted),
            // The light theme's accent is dark: white reads on it, black does not.
            on_accent: if colors.theme == ThemePreset::Light {
                Color::White
            } else {
                Color::Black
            },
        }
    }

    /// The same colours, animating when `on` (and colour is on: under NO_COLOR and
    /// the mono theme nothing moves).
    pub fn with_animations(mut self, on: bool) -> Theme {
        self.animate = on && self.color;
        self
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

    /// The cursor on a square whose piece has a colour of its own (an Othello disc):
    /// the square's ground takes the cursor's colour, the piece keeps its own (drawn
    /// in the cursor's colour, a disc at 120x40 showed no side).
    pub fn cursor_behind(&self) -> Style {
        if self.color {
            Style::new().bg(self.cursor).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// A selected menu line.
    pub fn selected(&self) -> Style {
        if self.color {
            Style::new()
                .fg(self.on_accent)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn theme(toml: &str, no_color: bool) -> Theme {
        let config = Config::parse(toml, std::path::Path::new("test.toml")).expect("config");
        Theme::new(&config.colors, no_color)
    }

    #[test]
    fn the_dark_theme_is_the_default_and_keeps_the_old_colours() {
        let t = theme("", false);
        assert_eq!(t.accent().fg, Some(Color::Cyan));
        assert_eq!(t.coin().fg, Some(Color::Yellow));
        assert_eq!(t.hint().fg, Some(Color::LightGreen));
        assert_eq!(t.warning().fg, Some(Color::LightRed));
        assert_eq!(t.selected().fg, Some(Color::Black));
    }

    #[test]
    fn okabe_ito_has_no_red_against_green() {
        let t = theme("[colors]\ntheme = \"okabe-ito\"\n", false);
        assert_eq!(t.hint().fg, Some(Color::Rgb(0x00, 0x9e, 0x73)));
        assert_eq!(t.warning().fg, Some(Color::Rgb(0xd5, 0x5e, 0x00)));
        assert_eq!(t.accent().fg, Some(Color::Rgb(0x56, 0xb4, 0xe9)));
        // The spelling people type works too.
        assert_eq!(theme("[colors]\ntheme = \"colour-blind\"\n", false), t);
    }

    #[test]
    fn the_light_theme_avoids_pale_colours_and_puts_white_on_its_accent() {
        let t = theme("[colors]\ntheme = \"light\"\n", false);
        assert_eq!(t.accent().fg, Some(Color::Blue));
        assert_ne!(t.coin().fg, Some(Color::Yellow));
        assert_eq!(t.selected().fg, Some(Color::White));
    }

    #[test]
    fn mono_and_no_color_draw_no_colour() {
        for t in [
            theme("[colors]\ntheme = \"mono\"\n", false),
            theme("[colors]\ntheme = \"light\"\n", true),
        ] {
            assert!(!t.color);
            for style in [t.accent(), t.coin(), t.hint(), t.warning(), t.selected()] {
                assert_eq!((style.fg, style.bg), (None, None), "{style:?}");
            }
            assert!(t.cursor().add_modifier.contains(Modifier::REVERSED));
        }
    }

    #[test]
    fn animations_need_colour() {
        assert!(theme("", false).with_animations(true).animate);
        assert!(!theme("", false).with_animations(false).animate);
        assert!(!theme("", true).with_animations(true).animate);
        assert!(
            !theme("[colors]\ntheme = \"mono\"\n", false)
                .with_animations(true)
                .animate
        );
    }

    #[test]
    fn a_colour_set_in_the_config_replaces_the_themes() {
        let t = theme(
            "[colors]\ntheme = \"okabe-ito\"\ncoin = \"#102030\"\n",
            false,
        );
        assert_eq!(t.coin().fg, Some(Color::Rgb(0x10, 0x20, 0x30)));
        assert_eq!(t.accent().fg, Some(Color::Rgb(0x56, 0xb4, 0xe9)));
    }
}
